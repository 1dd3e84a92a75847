import { createContext, useContext } from 'react';

/** Where the page is: what public components read of the address. */
export interface PageLocation {
  pathname: string;
  search: string;
}

const PageLocationContext = createContext<PageLocation | null>(null);

/**
 * The router's location (routes.tsx provides it on the server and in the admin's single-page app).
 * An island hydrated on its own (islands/) has no router: its page is the document's address, which
 * only a full page load changes.
 */
export const PageLocationProvider = PageLocationContext.Provider;

export function usePageLocation(): PageLocation {
  return useContext(PageLocationContext) ?? window.location;
}
