import {
  createContext,
  useCallback,
  useContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';

type NavigateOnClick = (event: MouseEvent<HTMLAnchorElement>) => void;

/** Without a provider (outside the public layout) links simply load their page. */
const NavigateOnClickContext = createContext<NavigateOnClick>(() => {});

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
  return <NavigateOnClickContext.Provider value={navigateOnClick}>{children}</NavigateOnClickContext.Provider>;
}

/** The layout's click handler, for anchors that do something else on click too. */
export function useNavigateOnClick(): NavigateOnClick {
  return useContext(NavigateOnClickContext);
}

/**
 * A link inside the public site: a plain anchor (crawlable, works without JavaScript) that
 * navigates without a reload. `to` is always an absolute path here.
 */
export function SiteLink({ to, onClick, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const navigateOnClick = useContext(NavigateOnClickContext);
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        navigateOnClick(event);
      }}
    />
  );
}
