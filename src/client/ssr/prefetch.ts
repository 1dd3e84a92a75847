import type { QueryClient } from '@tanstack/react-query';
import type { PublicDataSource } from '../../shared/api/public-data';
import { isLanguageCode, type LanguageCode } from '../../shared/languages';
import { searchProblem, searchText } from '../../shared/search';
import { HOW_WE_WRITE_PAGE, isInfoPage } from '../../shared/site';
import { searchResultsQuery } from '../lib/search-queries';
import {
  citiesOfCountryQuery,
  cityCheckQuery,
  cityQuery,
  countriesQuery,
  countryCheckQuery,
  countryQuery,
  cursorOf,
  factsQuery,
  galleryQuery,
  historyQuery,
  homePlacesQuery,
  infoPageQuery,
  languagesQuery,
  siteSettingsQuery,
  missingValue,
  placeQuery,
  placesOfCityQuery,
  relatedQuery,
  translationsQuery,
  type PublicQuery,
} from '../lib/public-queries';
import { countryMapQuery, nearbyQuery, placeMapQuery, worldMapQuery } from '../lib/map-queries';

/**
 * Fills the query cache with the data the page at `url` needs on its first render, read straight
 * from the server's services, so the server renders real content and hands the same cache to the
 * client (which then asks for nothing). A slug is resolved as the page does it: country, then
 * city, then place.
 */
export async function prefetchForUrl(
  url: URL,
  lang: LanguageCode,
  queryClient: QueryClient,
  source: PublicDataSource,
  signal?: AbortSignal,
): Promise<void> {
  const load = async <T>(spec: PublicQuery<T>): Promise<T | null | undefined> => {
    signal?.throwIfAborted();
    const value = await spec.load(source);
    const result = value === null ? missingValue(spec) : { value };
    if (result) queryClient.setQueryData(spec.key, result.value);
    return value;
  };
  const loadAll = (specs: PublicQuery<unknown>[]) => Promise.all(specs.map((spec) => load(spec)));

  const chrome = [translationsQuery(lang), languagesQuery(), siteSettingsQuery()];
  const segments = url.pathname.split('/').filter(Boolean);
  // an unknown page: the chrome, the 'Page Not Found' text and the newest places and countries under it
  const notFound = [...chrome, ...notFoundSuggestions(lang)];
  if (segments.length !== 2 || !isLanguageCode(segments[0])) {
    await loadAll(notFound);
    return;
  }
  let slug: string;
  try {
    slug = decodeURIComponent(segments[1]!);
  } catch {
    await loadAll(notFound);
    return;
  }
  const cursor = cursorOf(url.searchParams);
  if (slug === 'home') {
    await loadAll([...chrome, homePlacesQuery(lang, cursor)]);
    return;
  }
  if (slug === 'search') {
    const q = searchText(url.searchParams.get('q') ?? '');
    await loadAll(searchProblem(q) ? chrome : [...chrome, searchResultsQuery(q, lang, cursor)]);
    return;
  }
  if (slug === HOW_WE_WRITE_PAGE) {
    // its text is interface text: the chrome brings it
    await loadAll(chrome);
    return;
  }
  if (slug === 'countries') {
    await loadAll([...chrome, countriesQuery(lang, cursor), worldMapQuery(lang)]);
    return;
  }
  if (isInfoPage(slug)) {
    // a footer page the site serves; else the address is read as any other (not found, or an old slug)
    const [, page] = await Promise.all([loadAll(chrome), load(infoPageQuery(slug, lang))]);
    if (!page) await resolveSlug(slug, lang, cursor, load, loadAll);
    return;
  }
  await Promise.all([loadAll(chrome), resolveSlug(slug, lang, cursor, load, loadAll)]);
}

async function resolveSlug(
  slug: string,
  lang: LanguageCode,
  cursor: string | undefined,
  load: <T>(spec: PublicQuery<T>) => Promise<T | null | undefined>,
  loadAll: (specs: PublicQuery<unknown>[]) => Promise<unknown[]>,
): Promise<void> {
  if (await load(countryCheckQuery(slug))) {
    await loadAll([countryQuery(slug, lang), citiesOfCountryQuery(slug, lang, cursor), countryMapQuery(slug, lang)]);
    return;
  }
  if (await load(cityCheckQuery(slug))) {
    await loadAll([cityQuery(slug, lang), placesOfCityQuery(slug, lang, cursor)]);
    return;
  }
  const place = await load(placeQuery(slug, lang));
  if (place) {
    await loadAll([
      galleryQuery(place.id, lang),
      historyQuery(place.id, lang),
      factsQuery(place.id, lang),
      relatedQuery(place.id, lang),
      nearbyQuery(place.id, lang),
      placeMapQuery(place.id),
    ]);
    return;
  }
  await loadAll(notFoundSuggestions(lang));
}

/** What the not-found page offers instead (components/public/not-found-suggestions.tsx). */
function notFoundSuggestions(lang: LanguageCode): PublicQuery<unknown>[] {
  return [homePlacesQuery(lang), countriesQuery(lang)];
}
