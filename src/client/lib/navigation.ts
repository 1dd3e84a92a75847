import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Client-side navigation for plain `<a href="/...">` elements. React Router's `<Link>` resolves
 * its path on every render, which adds up on the server for the language links every page
 * repeats (the nav's picker, the mobile menu and the footer: fifteen links); their addresses are
 * already absolute, so an anchor with this click handler does the same job. Clicks that ask for
 * a new tab or window are left to the browser.
 */
export function useNavigateOnClick(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const href = event.currentTarget.getAttribute('href');
      if (!href?.startsWith('/')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
