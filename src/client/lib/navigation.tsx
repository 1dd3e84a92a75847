import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export type NavigateOnClick = (event: MouseEvent<HTMLAnchorElement>) => void;

/** Without a provider (outside the public layout) links simply load their page. */
export const NavigateOnClickContext = createContext<NavigateOnClick>(() => {});
/** Goes to an address: the router's navigate, or (in an island, which has no router) a page load. */
export const NavigateContext = createContext<(to: string) => void>((to) => location.assign(to));

/** Goes to an absolute address of the site (see NavigateContext). */
export function useSiteNavigate(): (to: string) => void {
  return useContext(NavigateContext);
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
