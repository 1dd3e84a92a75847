import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NavigateContext, NavigateOnClickContext, type NavigateOnClick } from './navigation';

/**
 * Client-side navigation for the public site's plain `<a href="/...">` links, set up once for
 * the whole layout. React Router's `<Link>` (and `useNavigate`) resolve paths on every render,
 * which adds up on the server when a page shows dozens of cards and fifteen language links; our
 * addresses are already absolute, so one click handler does the same job. Clicks that ask for a
 * new tab or window are left to the browser.
 */
export function SiteNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateOnClick = useCallback<NavigateOnClick>(
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const href = event.currentTarget.getAttribute('href');
      if (!href?.startsWith('/')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
  return (
    <NavigateContext.Provider value={navigate}>
      <NavigateOnClickContext.Provider value={navigateOnClick}>{children}</NavigateOnClickContext.Provider>
    </NavigateContext.Provider>
  );
}
