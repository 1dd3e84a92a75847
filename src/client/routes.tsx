import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ADMIN_SCREENS, type AdminScreen } from '../shared/admin-paths';
import { HydratedMark } from './components/public/hydrated-mark';
import { SiteLayout } from './components/public/site-layout';
import { useLanguage } from './lib/i18n';
import { LanguageGate, NotFoundPage } from './pages/public/language-gate';
import { PUBLIC_ROUTES } from './pages/public/public-routes';

// Admin code is split away from the public bundle and loaded only on /iladmin
// (components/admin/admin-screens.tsx); public pages are chunks of their own (the server waits for
// them, so its HTML is complete).
const AdminScreenPage = lazy(() => import('./components/admin/admin-screens'));

function AdminPage({ screen }: { screen: AdminScreen }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-screen items-center justify-center text-slate-600" role="status">
          Loading...
        </div>
      }
    >
      <AdminScreenPage screen={screen} />
    </Suspense>
  );
}

/** A public page and the mark that it is live, committed together (see HydratedMark). */
function Live({ page }: { page: ReactNode }) {
  return (
    <>
      {page}
      <HydratedMark />
    </>
  );
}

/** `/` and `/{lang}` go to a home page (the server answers `/` with a redirect first). */
function RootRedirect() {
  return <Navigate to={`/${useLanguage()}/home`} replace />;
}

/** The public pages of pages/public/public-routes.ts, each with its component (lazily loaded). */
const PUBLIC_PAGES = PUBLIC_ROUTES.map((route) => {
  const Page = route.component ?? lazy(route.module);
  const page = <Page {...route.props} />;
  return { path: route.path, element: route.marksItself ? page : <Live page={page} /> };
});

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      {(Object.keys(ADMIN_SCREENS) as AdminScreen[]).map((screen) => (
        <Route key={screen} path={ADMIN_SCREENS[screen]} element={<AdminPage screen={screen} />} />
      ))}
      {/* Any other /iladmin path falls through to the public not-found screen (the server answers 404). */}
      <Route element={<SiteLayout />}>
        <Route path=":lang" element={<LanguageGate />}>
          <Route index element={<RootRedirect />} />
          {PUBLIC_PAGES.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Route>
        <Route path="*" element={<Live page={<NotFoundPage />} />} />
      </Route>
    </Routes>
  );
}
