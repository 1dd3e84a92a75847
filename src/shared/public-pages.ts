import { isLanguageCode, type LanguageCode } from './languages';
import { HOW_WE_WRITE_PAGE, type InfoPage } from './site';

/** The query parameters public pages read: a list's page, a search, a shared list of saved places. */
type PageParam = 'cursor' | 'ids' | 'q' | 'in' | 'x' | 'y' | 'z' | 'theme';

/** The path of the page `/{lang}/{slug}` is when no fixed page has that path: a country, a city or a place. */
export const SLUG_PAGE = ':slug';

/** A theme's page, `/{lang}/themes/{theme}` (docs/product.md §22): the one public page two segments deep. */
export const THEME_PAGE = 'themes';

export type PublicPagePath =
  | 'home'
  | 'countries'
  | 'map'
  | 'search'
  | 'saved'
  | typeof HOW_WE_WRITE_PAGE
  | InfoPage
  | typeof SLUG_PAGE
  | typeof THEME_PAGE;

/**
 * The public pages under `/{lang}/` and the query parameters each reads, declared once. The
 * client's route table (client/pages/public/public-routes.ts) gives each path its module; the
 * server keeps a page in its render cache under these parameters alone and renders it with them
 * alone (server/cache/cache-key.ts), so any other parameter neither adds an entry nor changes the page.
 */
const PAGE_PARAMS: Readonly<Record<PublicPagePath, readonly PageParam[]>> = {
  home: ['cursor'],
  countries: ['cursor'],
  // the view of the map of every place (shared/map-view.ts) and its theme
  map: ['x', 'y', 'z', 'theme'],
  search: ['cursor', 'q'],
  saved: ['ids'],
  [HOW_WE_WRITE_PAGE]: [],
  about: [],
  contact: [],
  privacy: [],
  imprint: [],
  // A country's cities and a city's places come a page at a time. (A place reads none, but which
  // of the three an address is is known only once it is read.)
  [SLUG_PAGE]: ['cursor'],
  // a theme's places a page at a time, of one city or country with `in`
  [THEME_PAGE]: ['cursor', 'in'],
};

/**
 * Which public page `pathname` is, with its language and slug: anything but `/{lang}/{one segment}`
 * in one of the five languages is none (the not-found page). The client's router and the server's
 * prefetch (publicRouteAt) and the render cache's key (pageParamsAt) all ask this.
 */
export function publicPageAt(pathname: string): { path: PublicPagePath; lang: LanguageCode; slug: string } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const lang = segments[0];
  if (segments.length === 3 && segments[1] === THEME_PAGE && isLanguageCode(lang)) {
    try {
      return { path: THEME_PAGE, lang, slug: decodeURIComponent(segments[2]!) };
    } catch {
      return undefined;
    }
  }
  if (segments.length !== 2 || !isLanguageCode(lang)) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(segments[1]!);
  } catch {
    return undefined;
  }
  const path =
    slug !== SLUG_PAGE && slug !== THEME_PAGE && Object.hasOwn(PAGE_PARAMS, slug)
      ? (slug as PublicPagePath)
      : SLUG_PAGE;
  return { path, lang, slug };
}

/** The query parameters the page at `pathname` reads (none for an address that is no public page). */
export function pageParamsAt(pathname: string): readonly PageParam[] {
  const page = publicPageAt(pathname);
  return page ? PAGE_PARAMS[page.path] : [];
}
