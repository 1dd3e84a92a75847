import { ArrowLeft, MapPin, Trash2 } from 'lucide-react';
import { ADMIN_SCREENS } from '@/shared/admin-paths';
import type { ReactNode } from 'react';
import { SiteLink } from '../../lib/navigation';
import { Button } from '../ui/button';
import { TOAST_CLEARANCE } from '../ui/toaster';

interface AdminLayoutProps {
  title: string;
  subtitle?: string;
  /** Where the back button goes; no back button when omitted. */
  backTo?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin screen: a quiet header, a page title and a centred column. */
export function AdminLayout({ title, subtitle, backTo, actions, children }: AdminLayoutProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <meta name="robots" content="noindex, nofollow" />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <MapPin className="size-5 text-brand-700" aria-hidden="true" />
          <span className="font-semibold text-slate-900">Travel Places</span>
          <span className="text-sm text-slate-500">Admin</span>
          <nav aria-label="Admin" className="ml-auto">
            <SiteLink
              to={ADMIN_SCREENS.trash}
              className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Trash2 className="size-4" aria-hidden="true" /> Trash
            </SiteLink>
          </nav>
        </div>
      </header>
      <main className={`mx-auto max-w-6xl px-4 pt-8 sm:px-6 ${TOAST_CLEARANCE}`}>
        <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-start gap-3">
            {backTo && (
              <Button asChild variant="outline" size="icon" className="shrink-0">
                <SiteLink to={backTo} aria-label="Back">
                  <ArrowLeft />
                </SiteLink>
              </Button>
            )}
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
              {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
            </div>
          </div>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
