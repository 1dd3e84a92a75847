import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAdminStatus } from '../../lib/admin-session';

/** Every admin page but login: 'Loading...' while checking, then the page or the login screen. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const status = useAdminStatus();
  if (status.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center text-slate-600" role="status">
        Loading...
      </div>
    );
  }
  if (status.isError || !status.data.isAuthenticated) return <Navigate to="/iladmin/login" replace />;
  return <>{children}</>;
}
