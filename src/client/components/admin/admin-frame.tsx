import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SiteNavigationProvider } from '../../lib/navigation';
import { Toaster } from '../ui/toaster';
import { RequireAdmin } from './require-admin';

/**
 * Everything admin screens share, in the lazily loaded admin chunk: the session guard and the
 * toaster (sonner stays out of the public bundle).
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
