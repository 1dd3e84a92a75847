import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { UiTextProvider, useUiText } from '../../lib/i18n';
import { SiteNavigationProvider } from '../../lib/router-navigation';
import { NavBarIsland } from '../../islands/public-islands';
import { Spinner } from './spinner';
import './public.css';
import { SiteFooter } from './site-footer';

/** Nav, page and footer around every public screen, all reading one table of interface text. */
export function SiteLayout() {
  return (
    <UiTextProvider>
      <SiteNavigationProvider>
        <SiteFrame />
      </SiteNavigationProvider>
    </UiTextProvider>
  );
}

function SiteFrame() {
  const { pathname, hash } = useLocation();
  const t = useUiText();
  // A new page starts at its top, as a full page load would.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="site">
      <NavBarIsland />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
