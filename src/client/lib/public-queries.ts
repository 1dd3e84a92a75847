import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { parseLinkHeader, type Page, type PageQuery } from '../../shared/paging';
import type * as dto from '../../shared/api/public';
import type { PublicDataSource } from '../../shared/api/public-data';
import type { VisitDto } from '../../shared/api/visit-facts';
import type { LanguageCode } from '../../shared/languages';
import type { InfoPage, SiteSettings } from '../../shared/site';
import { RELATED_PLACES_DEFAULT } from '../../shared/limits';
import { savedPlacesAddress } from '../../shared/saved-places';

/**
 * The public site's reads, shared by the page hooks (browser, over the API) and the server's
 * prefetch (straight from its services through `load`), so both fill the very same cache keys.
 * `onError` says what a non-OK answer means for the page: 'null' (not found), 'empty' (no data:
 * docs/product.md §7.2 for history, facts, gallery, related) or 'error'. A `paged` list reads its neighbours
 * from the answer's Link header into a Page.
 */
export interface PublicQuery<T> {
  path: string;
  key: string[];
  onError: 'null' | 'empty' | 'error';
  paged: boolean;
  load: (source: PublicDataSource) => Promise<T | null>;
}

export function query<T>(
  path: string,
  onError: PublicQuery<T>['onError'],
  load: PublicQuery<T>['load'],
  paged = false,
): PublicQuery<T> {
  return { path, key: path.replace(/^\//, '').split('/'), onError, load, paged };
}

/** The page's list cursor (`?cursor=`), as the page and the server's prefetch read it. */
export function cursorOf(search: URLSearchParams): string | undefined {
  return search.get('cursor') || undefined;
}

const seg = (value: string) => encodeURIComponent(value);

/**
 * One page of the list at `path`: `cursor` ('' or absent for the first page) joins the path's own
 * query in the address and is the page the source reads.
 */
function pagedQuery<T>(
  path: string,
  cursor: string | undefined,
  onError: PublicQuery<Page<T>>['onError'],
  load: (source: PublicDataSource, page: PageQuery) => Promise<Page<T> | null>,
): PublicQuery<Page<T>> {
  const address = cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
  return query<Page<T>>(address, onError, (s) => load(s, cursor ? { cursor } : {}), true);
}

/** Who publishes the site and where the footer links to (the same for every language). */
export const siteSettingsQuery = () => query<SiteSettings>('/api/site', 'error', (s) => s.siteSettings());
/** A footer page's text (about, contact, privacy, imprint), null when the site does not serve it. */
export const infoPageQuery = (page: InfoPage, lang: LanguageCode) =>
  query<dto.InfoPageDto>(`/api/site/pages/${page}/${lang}`, 'null', (s) => s.infoPage(page, lang));
export const languagesQuery = () => query<dto.LanguageDto[]>('/api/languages', 'empty', (s) => s.languages());
export const uiTextQuery = (lang: LanguageCode) =>
  query<dto.UiTextEntryDto[]>(`/api/translations/${lang}`, 'empty', (s) => s.uiText(lang));
export const homePlacesQuery = (lang: LanguageCode, cursor?: string) =>
  pagedQuery(`/api/places/translations/${lang}`, cursor, 'error', (s, page) => s.latestPlaces(lang, page));
export const countriesQuery = (lang: LanguageCode, cursor?: string) =>
  pagedQuery(`/api/countries/translations/${lang}`, cursor, 'error', (s, page) => s.countries(lang, page));

/**
 * A country's or city's queries by its slug, each with its read: `check`, as stored (does it exist?
 * the slug page asks); `inLanguage`, its page (`null` when there is none); `list`, a page of what it
 * lists (a country's cities, a city's places) at `listPath` and the language below its address.
 */
function areaQueries<Stored, Translated, Item>(
  collection: 'countries' | 'cities',
  listPath: string,
  read: {
    check: (source: PublicDataSource, slug: string) => Promise<Stored | null>;
    inLanguage: (source: PublicDataSource, slug: string, lang: LanguageCode) => Promise<Translated | null>;
    list: (source: PublicDataSource, slug: string, lang: LanguageCode, page: PageQuery) => Promise<Page<Item> | null>;
  },
) {
  const path = (slug: string) => `/api/${collection}/by-slug/${seg(slug)}`;
  return {
    check: (slug: string) => query<Stored | null>(path(slug), 'null', (s) => read.check(s, slug)),
    inLanguage: (slug: string, lang: LanguageCode) =>
      query<Translated | null>(`${path(slug)}/translations/${lang}`, 'null', (s) => read.inLanguage(s, slug, lang)),
    list: (slug: string, lang: LanguageCode, cursor?: string) =>
      pagedQuery(`${path(slug)}/${listPath}${lang}`, cursor, 'empty', (s, page) => read.list(s, slug, lang, page)),
  };
}

const countryQueries = /* @__PURE__ */ areaQueries('countries', 'cities/translations/', {
  check: (s, slug) => s.countryBySlug(slug),
  inLanguage: (s, slug, lang) => s.translatedCountry(slug, lang),
  list: (s, slug, lang, page) => s.citiesOfCountry(slug, lang, page),
});
export const { check: countryCheckQuery, inLanguage: countryQuery, list: citiesOfCountryQuery } = countryQueries;

const cityQueries = /* @__PURE__ */ areaQueries('cities', 'places?languageCode=', {
  check: (s, slug) => s.cityBySlug(slug),
  inLanguage: (s, slug, lang) => s.translatedCity(slug, lang),
  list: (s, slug, lang, page) => s.placesOfCity(slug, lang, page),
});
export const { check: cityCheckQuery, inLanguage: cityQuery, list: placesOfCityQuery } = cityQueries;

export const placeQuery = (slug: string, lang: LanguageCode) =>
  query<dto.PlaceDto | null>(`/api/places/by-slug/${seg(slug)}/translations/${lang}`, 'null', (s) =>
    s.placeBySlug(slug, lang),
  );
export const historyQuery = (id: string, lang: LanguageCode) =>
  query<dto.TranslatedHistoryDto | null>(`/api/places/${seg(id)}/history?languageCode=${lang}`, 'null', (s) =>
    s.history(id, lang),
  );
export const factsQuery = (id: string, lang: LanguageCode) =>
  query<dto.TranslatedFactsDto | null>(`/api/places/${seg(id)}/facts?languageCode=${lang}`, 'null', (s) =>
    s.facts(id, lang),
  );
/** A place's visit facts (decision 043); null when the owner gave none. */
export const visitQuery = (id: string, lang: LanguageCode) =>
  query<VisitDto | null>(`/api/places/${seg(id)}/visit?languageCode=${lang}`, 'null', (s) => s.visit(id, lang));
export const galleryQuery = (id: string, lang: LanguageCode) =>
  query<dto.GalleryImageDto[]>(`/api/places/${seg(id)}/gallery?languageCode=${lang}`, 'empty', (s) =>
    s.gallery(id, lang),
  );
export const relatedQuery = (id: string, lang: LanguageCode) =>
  query<dto.PlaceCardDto[]>(
    `/api/places/${seg(id)}/related?limit=${RELATED_PLACES_DEFAULT}&languageCode=${lang}`,
    'empty',
    (s) => s.related(id, RELATED_PLACES_DEFAULT, lang),
  );

const EMPTY_PAGE: Page<never> = { items: [], next: null, prev: null };

/** What the page sees when the data does not exist: null, an empty list or page, or (undefined) an error. */
export function missingValue(spec: PublicQuery<unknown>): { value: unknown } | undefined {
  if (spec.onError === 'error') return undefined;
  if (spec.onError === 'null') return { value: null };
  return { value: spec.paged ? EMPTY_PAGE : [] };
}

/** A query read over the public API (at `origin`, the page's own unless given), as the browser reads it. */
export async function fetchPublic<T>(spec: PublicQuery<T>, origin = ''): Promise<T> {
  const response = await fetch(origin + spec.path, { credentials: 'include' });
  if (response.ok) {
    const body = (await response.json()) as unknown;
    if (!spec.paged) return body as T;
    return { items: body, ...parseLinkHeader(response.headers.get('Link')) } as T;
  }
  // Only "this does not exist" answers are final; a server error leaves the query in error.
  const missing = response.status < 500 ? missingValue(spec) : undefined;
  if (!missing) throw new Error(`${response.status}: ${response.statusText}`);
  return missing.value as T;
}

/** What a public page reads of a query: its data, and whether it is still loading or failed. */
export interface PublicQueryResult<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
}

interface PublicQueryOptions {
  /** False: only what is already cached (no fetch). */
  enabled?: boolean;
  /** While another key loads, keep answering the previous key's data (the interface text). */
  keepPrevious?: boolean;
}

/**
 * The browser's public reads: one small store by key (TanStack Query stays on the server and in the
 * admin's code, out of public pages: docs/decisions/036-islands.md). Data never goes stale (§7.1),
 * so a key is read at most once a page; a failed read stays failed.
 */
type Entry = { status: 'pending' } | { status: 'success'; data: unknown } | { status: 'error' };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
const hashOf = (key: readonly unknown[]) => JSON.stringify(key);
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function settle(hash: string, entry: Entry) {
  entries.set(hash, entry);
  for (const listener of listeners) listener();
}

/** What the server's page brought (its state), before anything hydrates. */
export function seedPublicQuery(key: readonly unknown[], data: unknown): void {
  entries.set(hashOf(key), { status: 'success', data });
}

function loadOnce(spec: PublicQuery<unknown>, hash: string) {
  if (entries.has(hash)) return;
  settle(hash, { status: 'pending' });
  fetchPublic(spec).then(
    (data) => settle(hash, { status: 'success', data }),
    () => settle(hash, { status: 'error' }),
  );
}

/** In the browser: what the server's page brought, or fetched once when enabled. */
function useBrowserQuery<T>(
  spec: PublicQuery<T>,
  { enabled = true, keepPrevious = false }: PublicQueryOptions = {},
): PublicQueryResult<T> {
  const hash = hashOf(spec.key);
  const read = () => entries.get(hash);
  const entry = useSyncExternalStore(subscribe, read, read);
  useEffect(() => {
    if (enabled) loadOnce(spec, hash);
    // the spec is the same query as long as its key is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash, enabled]);
  // the last data this component showed, for `keepPrevious` (React's pattern for what a render saw before)
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (entry?.status === 'success' && entry.data !== previous) setPrevious(entry.data as T);
  const data = entry?.status === 'success' ? (entry.data as T) : keepPrevious ? previous : undefined;
  return { data, isPending: data === undefined && entry?.status !== 'error', isError: entry?.status === 'error' };
}

/**
 * On the server: the keys of the queries an island's render read (by `hashOf`), collected so the page
 * hands the browser only those (its islands are all that reads them there).
 */
const IslandReadsContext = createContext<Set<string> | null>(null);
export const IslandReadsProvider = IslandReadsContext.Provider;
export const queryHash = hashOf;

const NOT_LOADED: PublicQueryResult<never> = Object.freeze({ data: undefined, isPending: true, isError: false });

/**
 * On the server: what the prefetch put in the cache, read straight from it. A render there is one
 * pass that never fetches or re-renders, so an observer per query (what useQuery makes) would be
 * work for nothing. It answers what useQuery answers for the same cache: the cached data even
 * when the query is disabled, and "pending" when nothing was loaded.
 */
function useCachedQuery<T>(spec: PublicQuery<T>): PublicQueryResult<T> {
  const state = useQueryClient().getQueryState<T>(spec.key);
  useContext(IslandReadsContext)?.add(hashOf(spec.key));
  if (!state) return NOT_LOADED;
  return { data: state.data, isPending: state.status === 'pending', isError: state.status === 'error' };
}

export const usePublicQuery: <T>(spec: PublicQuery<T>, options?: PublicQueryOptions) => PublicQueryResult<T> =
  import.meta.env.SSR ? useCachedQuery : useBrowserQuery;

/** The cards of saved places (a device's list or a share address's ids), in the order given. */
export const savedPlacesQuery = (ids: readonly string[], lang: LanguageCode) =>
  query<dto.PlaceCardDto[]>(savedPlacesAddress(ids, lang), 'empty', (s) => s.placesByIds(ids, lang));
