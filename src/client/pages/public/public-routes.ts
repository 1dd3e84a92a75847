import type { ComponentType } from 'react';
import type { LanguageCode } from '../../../shared/languages';
import { publicPageAt, SLUG_PAGE, THEME_PAGE } from '../../../shared/public-pages';
import { HOW_WE_WRITE_PAGE, INFO_PAGES } from '../../../shared/site';
import { NOT_FOUND_PAGE } from '../../components/public/not-found-suggestions';
import { island } from '../../islands/island';
import type { PageModule } from '../../lib/page-data';
import { languagesQuery, siteSettingsQuery, uiTextQuery } from '../../lib/public-queries';
import * as slugPage from './slug-page';

/**
 * The public pages, each defined once: its path under `/{lang}/`, and its module, which holds the
 * component and the data it needs (lib/page-data.ts). The paths and the query parameters each page
 * reads are declared in shared/public-pages.ts, which the server's render cache asks too. The router builds its routes from this table
 * (routes.tsx), the server's prefetch finds a URL's page here (matchPublicPage) and loads that
 * page's data before rendering (ssr/prefetch.ts), and each page reads the same data with its hooks.
 * The data's reads record the answer's dependency tags on the server (server/cache/tags.ts).
 * Modules load lazily, so a visitor downloads only the code of the page in front of them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page takes its own props (`props`)
type PageComponent = ComponentType<any>;

export interface PublicRoute {
  path: string;
  module: () => Promise<PageModule & { default: PageComponent }>;
  /** Props of the page component (which footer page). */
  props?: Record<string, unknown>;
  /** Pages that mark hydration themselves (an address that may turn out another page). */
  marksItself?: boolean;
  /** The component when it is in the entry chunk already (no lazy step, no second server render). */
  component?: PageComponent;
}

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: 'home', module: () => import('./home-page') },
  { path: 'countries', module: () => import('./countries-page') },
  { path: 'map', module: () => import('./map-page') },
  { path: 'search', module: () => import('./search-page') },
  // the saved list is known only in the browser: the whole page is an island
  {
    path: 'saved',
    module: () =>
      import('./saved-page').then((m) => ({ data: m.data as PageModule['data'], default: island('saved', m.default) })),
  },
  { path: HOW_WE_WRITE_PAGE, module: () => import('./how-we-write-page') },
  ...INFO_PAGES.map((page) => ({
    path: page,
    module: () => import('./info-page'),
    props: { page },
    marksItself: true,
  })),
  // a theme's places and map: /{lang}/themes/{theme}
  { path: THEME_PAGE, module: () => import('./theme-page') },
  // a country, a city or a place, in that order (slug-page.tsx)
  { path: SLUG_PAGE, module: () => Promise.resolve(slugPage), marksItself: true, component: slugPage.default },
];

/** On every page: the interface text, the languages and the site's settings. */
export const chromeQueries = (lang: LanguageCode) => [uiTextQuery(lang), languagesQuery(), siteSettingsQuery()];

/**
 * Which public page `pathname` is, and its language and slug (shared/public-pages.ts): the router
 * (routes.tsx) and the server's prefetch both ask this.
 */
export function publicRouteAt(pathname: string): { route: PublicRoute; lang: LanguageCode; slug: string } | undefined {
  const page = publicPageAt(pathname);
  if (!page) return undefined;
  const route = PUBLIC_ROUTES.find((candidate) => candidate.path === page.path) ?? PUBLIC_ROUTES.at(-1)!;
  return { route, lang: page.lang, slug: page.slug };
}

/** The module of the public page at `pathname` (its data and component), or the not-found page's. */
export async function matchPublicPage(pathname: string): Promise<{ module: PageModule; slug: string }> {
  const found = publicRouteAt(pathname);
  return found ? { module: await found.route.module(), slug: found.slug } : { module: NOT_FOUND_PAGE, slug: '' };
}
