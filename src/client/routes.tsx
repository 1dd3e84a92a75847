import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router';
import { adminScreenAt, ADMIN_SCREENS, isUnderAdminScreens, type AdminScreen } from '../shared/admin-paths';
import { isLanguageCode } from '../shared/languages';
import { HydratedMark } from './components/public/hydrated-mark';
import { SiteLayout } from './components/public/site-layout';
import { useLanguage } from './lib/i18n';
import { PageLocationProvider } from './lib/page-location';
import { PUBLIC_ROUTES, publicRouteAt, type PublicRoute } from './pages/public/public-routes';

// Admin code is split away from the public bundle and loaded only on /iladmin
// (components/admin/admin-screens.tsx); public pages are chunks of their own (the server waits for
// them, so its HTML is complete).
const AdminScreenPage = lazy(() => import('./components/admin/admin-screens'));
/** The 404 screen is rare: its code loads only when needed (the server waits for it). */
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

function AdminPage({ screen }: { screen: AdminScreen | 'notFound' }) {
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

// The routes, made once. Which one an address shows is decided by matchAppRoutes below (with
// adminScreenAt and publicRouteAt, which the server asks too), not by React Router's matcher, which
// ranks the whole table again on every render (about 0.35 ms of each server render).
const ROOT: RouteObject = { path: '/', element: <RootRedirect /> };
const ADMIN = new Map(
  (Object.keys(ADMIN_SCREENS) as AdminScreen[]).map((screen): [AdminScreen, RouteObject] => [
    screen,
    { path: ADMIN_SCREENS[screen], element: <AdminPage screen={screen} /> },
  ]),
);
const LAYOUT: RouteObject = { element: <SiteLayout /> };
const LANGUAGE_HOME: RouteObject = { path: ':lang', element: <RootRedirect /> };
/** The public pages of pages/public/public-routes.ts, each with its component (lazily loaded). */
const PUBLIC_PAGES = new Map(
  PUBLIC_ROUTES.map((route): [PublicRoute, RouteObject] => {
    const Page = route.component ?? lazy(route.module);
    const page = <Page {...route.props} />;
    return [route, { path: route.path, element: route.marksItself ? page : <Live page={page} /> }];
  }),
);
/** Any other address: the public not-found screen (the server answers 404). */
const NOT_FOUND: RouteObject = { path: '*', element: <Live page={<NotFoundPage />} /> };
/** Any other address under /iladmin: the admin's not-found screen, in the admin's frame (404 too). */
const ADMIN_NOT_FOUND: RouteObject = { path: 'iladmin/*', element: <AdminPage screen="notFound" /> };

type Match = RouteMatch<string, RouteObject>;

/**
 * The chain of routes `pathname` shows, outermost first: `/` redirects to a home page, an admin
 * screen, `/{lang}` (redirects to its home page), a public page under `/{lang}/`, or not found.
 */
export function matchAppRoutes(pathname: string): Match[] {
  const match = (route: RouteObject, params: Match['params'], path: string): Match => ({
    route,
    params,
    pathname: path,
    pathnameBase: path,
  });
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [match(ROOT, {}, '/')];
  const screen = adminScreenAt(pathname);
  if (screen) return [match(ADMIN.get(screen)!, {}, ADMIN_SCREENS[screen])];
  if (isUnderAdminScreens(pathname)) return [match(ADMIN_NOT_FOUND, { '*': segments.slice(1).join('/') }, '/iladmin')];
  const [lang = ''] = segments;
  if (segments.length === 1 && isLanguageCode(lang)) {
    return [match(LAYOUT, { lang }, '/'), match(LANGUAGE_HOME, { lang }, `/${lang}`)];
  }
  const page = publicRouteAt(pathname);
  if (page) {
    const route = PUBLIC_PAGES.get(page.route)!;
    const params = route.path === ':slug' || route.path === 'themes' ? { lang, slug: page.slug } : { lang };
    const path = `/${segments.join('/')}`;
    return [match(LAYOUT, params, '/'), match(route, params, path)];
  }
  const params = { '*': segments.join('/') };
  return [match(LAYOUT, params, '/'), match(NOT_FOUND, params, '/')];
}

export function AppRoutes() {
  const location = useLocation();
  return (
    <PageLocationProvider value={location}>{renderMatches(matchAppRoutes(location.pathname))}</PageLocationProvider>
  );
}
