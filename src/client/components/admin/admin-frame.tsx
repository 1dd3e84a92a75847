import { MutationCache } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SiteNavigationProvider } from '../../lib/router-navigation';
import { installMutationCache } from '../../lib/query-client';
import { Toaster } from '../ui/toaster';
import { RequireAdmin } from './require-admin';

// The admin changes data: its mutations need TanStack's mutation cache (lib/query-client.ts).
installMutationCache(new MutationCache());

/**
 * Everything admin screens share, in the lazily loaded admin chunk: the session guard, the
 * toaster (sonner stays out of the public bundle) and the mutation cache.
 */
export default function AdminFrame({ children, guarded }: { children: ReactNode; guarded: boolean }) {
  // React reuses this element between admin routes; keying the guard by address makes every admin
  // page mount its own guard, which asks for the session again (docs/product.md §4.1).
  const { pathname } = useLocation();
  return (
    <SiteNavigationProvider>
      {guarded ? <RequireAdmin key={pathname}>{children}</RequireAdmin> : children}
      <Toaster />
    </SiteNavigationProvider>
  );
}
