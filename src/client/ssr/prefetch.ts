import type { QueryClient } from '@tanstack/react-query';
import { isLanguageCode, type LanguageCode } from '../../shared/languages';
import {
  citiesOfCountryQuery,
  cityCheckQuery,
  cityQuery,
  countriesQuery,
  countryCheckQuery,
  countryQuery,
  factsQuery,
  galleryQuery,
  historyQuery,
  homePlacesQuery,
  languagesQuery,
  placeQuery,
  placesOfCityQuery,
  relatedQuery,
  resultFor,
  translationsQuery,
  type PublicQuery,
} from '../lib/public-queries';

/** Answers a GET to the app's own API, in process (the server uses app.inject). */
export type FetchJson = (path: string) => Promise<{ status: number; body: unknown }>;

export function keyForPath(path: string): string[] {
  return path.replace(/^\//, '').split('/');
}

/**
 * Fills the query cache with the data the page at `pathname` needs on its first render, so the
 * server renders real content and hands the same cache to the client (each API call made once).
 * A slug is resolved as the page does it: country, then city, then place.
 */
export async function prefetchForUrl(
  pathname: string,
  lang: LanguageCode,
  queryClient: QueryClient,
  fetchJson: FetchJson,
): Promise<void> {
  const load = async (spec: PublicQuery): Promise<unknown> => {
    const { status, body } = await fetchJson(spec.path);
    const result = resultFor(spec, status, body);
    if (result) queryClient.setQueryData(spec.key, result.value);
    return result?.value;
  };
  const loadAll = (specs: PublicQuery[]) => Promise.all(specs.map(load));

  const chrome = [translationsQuery(lang), languagesQuery()];
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length !== 2 || !isLanguageCode(segments[0])) {
    await loadAll(chrome); // an unknown page: the chrome and the 'Page Not Found' text
    return;
  }
  let slug: string;
  try {
    slug = decodeURIComponent(segments[1]!);
  } catch {
    await loadAll(chrome);
    return;
  }
  if (slug === 'home') {
    await loadAll([...chrome, homePlacesQuery(lang)]);
    return;
  }
  if (slug === 'countries') {
    await loadAll([...chrome, countriesQuery(lang)]);
    return;
  }
  await Promise.all([loadAll(chrome), resolveSlug(slug, lang, load, loadAll)]);
}

async function resolveSlug(
  slug: string,
  lang: LanguageCode,
  load: (spec: PublicQuery) => Promise<unknown>,
  loadAll: (specs: PublicQuery[]) => Promise<unknown[]>,
): Promise<void> {
  if (await load(countryCheckQuery(slug))) {
    await loadAll([countryQuery(slug, lang), citiesOfCountryQuery(slug, lang)]);
    return;
  }
  if (await load(cityCheckQuery(slug))) {
    await loadAll([cityQuery(slug, lang), placesOfCityQuery(slug, lang)]);
    return;
  }
  const place = (await load(placeQuery(slug, lang))) as { id: string } | null | undefined;
  if (place) {
    await loadAll([
      galleryQuery(place.id),
      historyQuery(place.id, lang),
      factsQuery(place.id, lang),
      relatedQuery(place.id, lang),
    ]);
  }
}
