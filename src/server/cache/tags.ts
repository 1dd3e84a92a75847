import type { NearbyPlaceDto } from '../../shared/api/nearby';
import type { Page } from '../../shared/paging';
import { AppError } from '../errors';
import type { CatalogService } from '../services/catalog';
import type { CompanionService } from '../services/companion';
import type { FeaturedService } from '../services/featured';
import type { MapReaders } from '../services/maps';
import type { NearbyService } from '../services/nearby';
import type { SearchService } from '../services/search';
import { themeBySlug } from '../../shared/themes';
import type { ThemeService } from '../services/themes';
import { THEME_WORLD_KEY } from '../services/theme-map';

/**
 * Dependency tags: what a cached answer was made from, and what a write changed (migration 0014
 * writes the same words from triggers; docs/decisions/019-dependency-tags.md).
 *
 * - `place:<id>`, `city:<id>`, `country:<id>`: one entity's own text, pictures and address.
 * - `places`, `cities`, `countries`: which published entities a list holds, and their order.
 * - `slugs`: which addresses answer (a "not found" may start answering).
 * - `ui`, `languages`: the interface text and the languages, on every page.
 * - `search`: any text a search can match (the search documents).
 * - `places-of:city:<id>`, `places-of:country:<id>`: what an export or feed of the places of that
 *   city or country shows of them (migration 0017: every change of a place names its city's and
 *   country's), carried instead of the places' own tags when they are more than PLACE_TAGS_MAX.
 * - `place-texts`: the same for any other list of more than PLACE_TAGS_MAX places (every change
 *   of a place names it).
 * - `home`: the home page's highlights (migration 0021); a city's and a country's change their
 *   `city:<id>` and `country:<id>`.
 * - `any`: an answer that recorded no reads: it goes with every change.
 * - `site`: carried by every answer, so a shared cache can drop everything at once.
 */
export const ANY_TAG = 'any';
export const SITE_TAG = 'site';
const LISTS = ['places', 'cities', 'countries'] as const;

const place = (id: string) => `place:${id}`;
const city = (id: string) => `city:${id}`;
const country = (id: string) => `country:${id}`;
/** A place's page and card link its city's and country's pages: their addresses are read too. */
const placeTags = (id: string) => [place(id), 'cities', 'countries'];
/**
 * At most this many places' own tags in one answer: each is 43 bytes in each of the two tag
 * headers, and every response's header set stays under 8 KB (Varnish's default limit).
 */
export const PLACE_TAGS_MAX = 40;
/** Every change of a place's own content names this tag (migration 0017). */
const PLACE_TEXTS = 'place-texts';
/** The tags of a list's places: each place's own, or the list's when there are too many. */
const listed = (ids: readonly string[], listTag = PLACE_TEXTS) =>
  ids.length > PLACE_TAGS_MAX ? [listTag] : ids.map(place);
const cards = (items: ReadonlyArray<{ id: string }> | undefined, listTag?: string) =>
  listed(
    (items ?? []).map((item) => item.id),
    listTag,
  );
const pageOf = <T>(value: Page<T> | null) => value?.items;
/** Maps draw many entities' names and positions: they go with any list or text change. */
const MAP_TAGS = [...LISTS, 'search'];

/** Tags of a read's answer (`null`: it does not exist) and its arguments. */
type TagsOf<F> = F extends (...args: infer A) => infer R ? (value: Awaited<R> | null, ...args: A) => string[] : never;
type TagTable<S> = { [K in keyof S]: TagsOf<S[K]> };

/** The public reads of the catalogue, search, nearby and maps, and what each answer depends on. */
export interface PublicServices {
  catalog: Omit<CatalogService, 'movedSlug' | 'placeById'>;
  search: Pick<SearchService, 'search'>;
  nearby: Pick<NearbyService, 'nearby'>;
  maps: MapReaders;
  companion: CompanionService;
  /** The highlights of a city's, a country's and the home page (docs/decisions/044-featured-places.md). */
  featured: Pick<FeaturedService, 'highlights'>;
  themes: ThemeService;
}

/**
 * Every public read names its tags here, in one table per service: the type requires an entry for
 * each read, so a new read (and any page or answer built from it) cannot forget its tags.
 */
const READ_TAGS: { [S in keyof PublicServices]: TagTable<PublicServices[S]> } = {
  catalog: {
    languages: () => ['languages'],
    uiText: () => ['ui'],
    // From the environment: a restart (which empties the cache) is the only change.
    siteSettings: () => [],
    infoPage: () => [],
    places: (value) => [...LISTS, ...cards(pageOf(value))],
    // The home page's list leaves out its highlights: it changes with them.
    latestPlaces: (value) => [...LISTS, 'home', ...cards(pageOf(value))],
    // A saved list shows these places; one published or unpublished later changes it.
    placesByIds: (_value, ids) => ['places', 'slugs', ...listed(ids)],
    placeBySlug: (value) => (value ? placeTags(value.id) : ['slugs']),
    placePage: (value) =>
      value ? [...placeTags(value.place.id), 'places', ...cards(value.related)] : ['slugs', 'places'],
    history: (_value, id) => [place(id)],
    facts: (_value, id) => [place(id)],
    visit: (_value, id) => [place(id)],
    gallery: (_value, id) => [place(id)],
    related: (value, id) => [place(id), ...LISTS, ...cards(value ?? undefined)],
    countries: (value) => ['countries', 'places', ...(pageOf(value) ?? []).map((item) => country(item.id))],
    countryBySlug: (value) => (value ? [country(value.id)] : ['slugs']),
    translatedCountry: (value) => (value ? [country(value.id)] : ['slugs']),
    citiesOfCountry: (value) => ['cities', 'places', 'slugs', ...(pageOf(value) ?? []).map((item) => city(item.id))],
    cityBySlug: (value) => (value ? [city(value.id)] : ['slugs']),
    translatedCity: (value) => (value ? [city(value.id)] : ['slugs']),
    placesOfCity: (value) => [...LISTS, 'slugs', ...cards(pageOf(value))],
    address: (value) => {
      if (value?.country) return [country(value.country.id)];
      if (value?.city) return [city(value.city.id)];
      // the page's nearby places are read with it (the nearby read's tags are all here too)
      if (value?.page)
        return [...placeTags(value.page.place.id), 'places', ...cards(value.page.related), ...cards(value.page.nearby)];
      return ['slugs', ...LISTS];
    },
  },
  search: { search: () => [...LISTS, 'search', 'slugs'] },
  nearby: {
    nearby: (value: NearbyPlaceDto[] | null, id: string) => [place(id), ...LISTS, ...cards(value ?? undefined)],
  },
  maps: {
    worldMap: () => MAP_TAGS,
    countryMap: () => [...MAP_TAGS, 'slugs'],
    // the places' positions and addresses ('places', 'slugs'), titles and city names ('search')
    // one theme's places (?theme=): also when a place gains or loses that theme (migration 0019)
    placesMap: (_value, _lang, _view, theme) => {
      const id = theme === undefined ? undefined : themeBySlug(theme)?.id;
      return [...MAP_TAGS, 'slugs', ...(id ? [`places-of:theme:${id}`] : [])];
    },
    placeMap: (_value, id) => [place(id)],
    // A locator and a view of the map of every place are drawn from the build's outlines alone (a
    // new build, a restart, is their only change); the world and a country map from which
    // countries and cities have places.
    drawingFile: (_value, kind) =>
      kind === 'locator' || kind === 'view' ? [] : kind === 'world' ? MAP_TAGS : [...MAP_TAGS, 'slugs'],
  },
  // Downloads and feeds list places in a page's order: the lists, and each place's own text.
  companion: {
    placesAt: (value) =>
      value?.of
        ? [
            `${value.of.kind}:${value.of.id}`,
            ...LISTS,
            'slugs',
            ...cards(value.places, `places-of:${value.of.kind}:${value.of.id}`),
          ]
        : ['slugs', ...LISTS],
    placesById: (_value, ids) => ['places', 'slugs', ...listed(ids)],
    feed: (value) => [
      ...LISTS,
      'slugs',
      ...(value?.country ? [country(value.country.id)] : []),
      ...cards(value?.places, value?.country ? `places-of:country:${value.country.id}` : undefined),
    ],
    nearMe: (value) => [...LISTS, ...cards(value ?? undefined)],
  },
  // The pins of a page (its own tag), and their places: published, moved or changed.
  featured: {
    highlights: (value) => [
      value?.of ? `${value.of.kind}:${value.of.id}` : value ? 'home' : 'slugs',
      ...LISTS,
      ...cards(value?.places),
    ],
  },
  // Themes (decision 041): a theme's list carries `places-of:theme:<id>`, which every change of a
  // place of that theme names (migration 0019), so it drops only with its own places.
  themes: {
    themes: () => ['themes', 'places'],
    themePage: (value) => (value ? (value.area ? [`${value.area.kind}:${value.area.id}`] : []) : ['slugs']),
    themePlaces: (value, slug) => themeListTags(value, slug),
    themeMap: (value, slug) => themeListTags(value, slug),
    // The world's land is drawn from the build's outlines alone; a region's from where the theme's
    // places are (in the city or country after `~`).
    drawingFile: (_value, key) => {
      if (key === THEME_WORLD_KEY) return [];
      return themeListTags({ of: null }, key.split('~')[0] ?? '');
    },
    placeThemes: (_value, id) => [place(id)],
    areaThemes: (value) => (value ? [`places-of:${value.kind}:${value.id}`, `${value.kind}:${value.id}`] : ['slugs']),
  },
};

/**
 * A theme's places or map (of one city or country, `of`, with `?in=`): its list's tag, and the
 * cities' and countries' pages their cards link.
 */
function themeListTags(value: { of: { kind: string; id: string } | null } | null, slug: string): string[] {
  const theme = themeBySlug(slug);
  if (!value || !theme) return ['slugs'];
  return [
    `places-of:theme:${theme.id}`,
    'cities',
    'countries',
    ...(value.of ? [`${value.of.kind}:${value.of.id}`] : []),
  ];
}

/** Where a request's tags go: a set the response cache reads when it stores the answer. */
export type TagSink = Set<string>;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The services' public reads, each adding its answer's tags to `sink`. A read that answers "not
 * found" (a 4xx) adds the tags of a missing answer: the address may start answering later.
 */
function tagged<S extends object>(service: S, table: TagTable<S>, sink: TagSink): S {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(table) as Array<keyof S & string>) {
    const read = service[name] as (...args: unknown[]) => unknown;
    const tagsOf = table[name] as (value: unknown, ...args: unknown[]) => string[];
    const add = (value: unknown, args: unknown[]) => {
      for (const tag of tagsOf(value, ...args)) sink.add(tag);
    };
    const missing = (error: unknown, args: unknown[]) => {
      if (error instanceof AppError && error.status < 500) add(null, args);
      throw error;
    };
    out[name] = (...args: unknown[]) => {
      let result: unknown;
      try {
        result = read.apply(service, args);
      } catch (error) {
        return missing(error, args);
      }
      if (!isThenable(result)) {
        add(result, args);
        return result;
      }
      return Promise.resolve(result).then(
        (value) => {
          add(value, args);
          return value;
        },
        (error: unknown) => missing(error, args),
      );
    };
  }
  return out as S;
}

/** The public reads for one answer, recording into `sink` what the answer depends on. */
export function taggedReads(services: PublicServices, sink: TagSink): PublicServices {
  return {
    catalog: tagged(services.catalog, READ_TAGS.catalog, sink),
    search: tagged(services.search, READ_TAGS.search, sink),
    nearby: tagged(services.nearby, READ_TAGS.nearby, sink),
    maps: tagged(services.maps, READ_TAGS.maps, sink),
    companion: tagged(services.companion, READ_TAGS.companion, sink),
    featured: tagged(services.featured, READ_TAGS.featured, sink),
    themes: tagged(services.themes, READ_TAGS.themes, sink),
  };
}
