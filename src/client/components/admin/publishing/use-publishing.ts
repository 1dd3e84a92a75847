import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, AdminSettingsUpdate, PublicationResponse } from '@/shared/api/publishing';
import { apiJson } from '@/client/lib/api';
import { invalidatePlaceLists } from '../places/use-admin-places';

const SETTINGS_KEY = ['api', 'admin', 'settings'] as const;

/** The admin's settings (what an upload becomes, what publishing in a new town does). */
export function useAdminSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => apiJson<AdminSettings>('GET', '/api/admin/settings') });
}

/**
 * Whether the server has an AI model (GET /api/admin/settings): false shows the AI-only actions
 * disabled; undefined while the answer is on its way.
 */
export function useModelConfigured(): boolean | undefined {
  const settings = useAdminSettings();
  return settings.data ? settings.data.aiModel !== null : undefined;
}

export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // only the setting changed is sent: the server keeps the others
    mutationFn: (settings: AdminSettingsUpdate) => apiJson<AdminSettings>('PUT', '/api/admin/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });
}

/** Publishes or unpublishes a place; every list and public page that could show it is refetched. */
export function usePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) =>
      apiJson<PublicationResponse>('POST', `/api/admin/places/${id}/${publish ? 'publish' : 'unpublish'}`),
    onSettled: () => invalidatePlaceLists(queryClient),
  });
}
