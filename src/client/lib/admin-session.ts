import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoginResponse, LogoutEverywhereResponse, StatusResponse } from '../../shared/api/auth';
import { ApiError, apiJson } from './api';

export const ADMIN_STATUS_KEY = ['api', 'admin', 'status'] as const;

/**
 * Every guarded admin page asks again when it mounts (docs/product.md §4.1), so a session that expired or
 * was revoked sends the user to login on the next navigation; cached data avoids a 'Loading...' flash.
 */
export function useAdminStatus() {
  return useQuery<StatusResponse>({ queryKey: ADMIN_STATUS_KEY, refetchOnMount: 'always' });
}

/** An admin API answered 401: the session is gone, so the guard sends the user to login. */
export function useSessionExpiredRedirect(error: unknown) {
  const queryClient = useQueryClient();
  const expired = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (expired) queryClient.setQueryData(ADMIN_STATUS_KEY, { isAuthenticated: false });
  }, [expired, queryClient]);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiJson<LoginResponse>('POST', '/api/admin/login', { password }),
    onSuccess: () => queryClient.setQueryData(ADMIN_STATUS_KEY, { isAuthenticated: true }),
  });
}

/** After signing out: nothing the session loaded stays cached, and the status says signed out. */
function forgetSession(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(ADMIN_STATUS_KEY, { isAuthenticated: false });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<unknown>('POST', '/api/admin/logout'),
    onSuccess: () => forgetSession(queryClient),
  });
}

/** Ends every admin session on every device, this one included. */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<LogoutEverywhereResponse>('POST', '/api/admin/logout-everywhere'),
    onSuccess: () => forgetSession(queryClient),
  });
}
