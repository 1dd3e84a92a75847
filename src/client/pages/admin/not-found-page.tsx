import { useLocation } from 'react-router';
import { ADMIN_SCREENS } from '@/shared/admin-paths';
import { AdminLayout } from '../../components/admin/admin-layout';
import { Card } from '../../components/ui/card';
import { SiteLink } from '../../lib/navigation';
import { useHttpStatus } from '../../ssr/ssr-context';

/** The admin's screens, as the not-found screen offers them. */
const SCREENS = [
  { to: ADMIN_SCREENS.dashboard, title: 'Admin Panel' },
  { to: ADMIN_SCREENS.upload, title: 'Upload Photos' },
  { to: ADMIN_SCREENS.editPlaces, title: 'Edit Places' },
  { to: ADMIN_SCREENS.editCities, title: 'Manage Cities' },
  { to: ADMIN_SCREENS.editCountries, title: 'Manage Countries' },
  { to: ADMIN_SCREENS.trash, title: 'Trash' },
] as const;

/**
 * An address under /iladmin that is no admin screen (the server answers 404): said in the admin's
 * own frame and words, with the screens there are, never the public site's page (docs/product.md §2.5).
 */
export default function AdminNotFoundPage() {
  const { pathname } = useLocation();
  // the server answers 404 for it already (routes/pages.ts); a render on the server says so too
  useHttpStatus(404);
  return (
    <AdminLayout
      title="Page Not Found"
      subtitle={`There is no admin screen at ${pathname}.`}
      backTo={ADMIN_SCREENS.home}
    >
      <title>Page Not Found · Travel Places Admin</title>
      <Card className="p-5">
        <h2 className="mb-3 text-base font-semibold text-slate-900">The admin’s screens</h2>
        <ul className="flex flex-col gap-2">
          {SCREENS.map(({ to, title }) => (
            <li key={to}>
              <SiteLink to={to} className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
                {title}
              </SiteLink>{' '}
              <span className="text-sm text-slate-600">{to}</span>
            </li>
          ))}
        </ul>
      </Card>
    </AdminLayout>
  );
}
