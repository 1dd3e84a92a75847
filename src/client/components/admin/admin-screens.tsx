import { lazy, type ReactNode } from 'react';
import type { AdminScreen } from '../../../shared/admin-paths';
import AdminFrame from './admin-frame';

const LoginPage = lazy(() => import('../../pages/admin/login-page'));
const DashboardPage = lazy(() => import('../../pages/admin/dashboard-page'));
const EditPlacesPage = lazy(() => import('../../pages/admin/edit-places-page'));
const EditCitiesPage = lazy(() => import('../../pages/admin/edit-cities-page'));
const EditCountriesPage = lazy(() => import('../../pages/admin/edit-countries-page'));
const UploadPage = lazy(() => import('../../pages/admin/upload-page'));
const TrashPage = lazy(() => import('../../pages/admin/trash-page'));
const AdminNotFoundPage = lazy(() => import('../../pages/admin/not-found-page'));

/** Every screen of src/shared/admin-paths.ts; the type makes a screen without a page a compile error. */
const ADMIN_SCREEN_PAGES: Record<AdminScreen, ReactNode> = {
  home: <DashboardPage />,
  login: <LoginPage />,
  dashboard: <DashboardPage />,
  upload: <UploadPage />,
  editPlaces: <EditPlacesPage />,
  places: <EditPlacesPage />,
  editCities: <EditCitiesPage />,
  editCountries: <EditCountriesPage />,
  cities: <EditCitiesPage />,
  countries: <EditCountriesPage />,
  trash: <TrashPage />,
};

/**
 * An admin screen in the admin frame: the lazily loaded start of the admin's code (routes.tsx), so
 * the public entry holds only the admin's addresses. Each page is a chunk of its own.
 */
export default function AdminScreenPage({ screen }: { screen: AdminScreen | 'notFound' }) {
  // An unknown admin address needs no session: it only says so, and where the screens are.
  if (screen === 'notFound') {
    return (
      <AdminFrame guarded={false}>
        <AdminNotFoundPage />
      </AdminFrame>
    );
  }
  return <AdminFrame guarded={screen !== 'login'}>{ADMIN_SCREEN_PAGES[screen]}</AdminFrame>;
}
