import { useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '../../shared/languages';
import { RELATED_PLACES_DEFAULT } from '../../shared/limits';

/**
 * The public site's API reads, shared by the page hooks (browser) and the server's prefetch, so
 * both use the very same cache keys. `onError` says what a non-OK answer means for the page:
 * 'null' (not found), 'empty' (no data: spec 7 for history, facts, gallery, related) or 'error'.
 */
export interface PublicQuery {
  path: string;
  key: string[];
  onError: 'null' | 'empty' | 'error';
}

function query(path: string, onError: PublicQuery['onError']): PublicQuery {
  return { path, key: path.replace(/^\//, '').split('/'), onError };
}

const seg = (value: string) => encodeURIComponent(value);

export const languagesQuery = () => query('/api/languages', 'empty');
export const translationsQuery = (lang: LanguageCode) => query(`/api/translations/${lang}`, 'empty');
export const homePlacesQuery = (lang: LanguageCode) => query(`/api/places/translations/${lang}`, 'error');
export const countriesQuery = (lang: LanguageCode) => query(`/api/countries/translations/${lang}`, 'error');

export const countryCheckQuery = (slug: string) => query(`/api/countries/by-slug/${seg(slug)}`, 'null');
export const countryQuery = (slug: string, lang: LanguageCode) =>
  query(`/api/countries/by-slug/${seg(slug)}/translations/${lang}`, 'null');
export const citiesOfCountryQuery = (slug: string, lang: LanguageCode) =>
  query(`/api/countries/by-slug/${seg(slug)}/cities/translations/${lang}`, 'empty');

export const cityCheckQuery = (slug: string) => query(`/api/cities/by-slug/${seg(slug)}`, 'null');
export const cityQuery = (slug: string, lang: LanguageCode) =>
  query(`/api/cities/by-slug/${seg(slug)}/translations/${lang}`, 'null');
export const placesOfCityQuery = (slug: string, lang: LanguageCode) =>
  query(`/api/cities/by-slug/${seg(slug)}/places?languageCode=${lang}`, 'empty');

export const placeQuery = (slug: string, lang: LanguageCode) =>
  query(`/api/places/by-slug/${seg(slug)}/translations/${lang}`, 'null');
export const historyQuery = (id: string, lang: LanguageCode) =>
  query(`/api/places/${seg(id)}/history?languageCode=${lang}`, 'null');
export const factsQuery = (id: string, lang: LanguageCode) =>
  query(`/api/places/${seg(id)}/facts?languageCode=${lang}`, 'null');
export const galleryQuery = (id: string) => query(`/api/places/${seg(id)}/gallery`, 'empty');
export const relatedQuery = (id: string, lang: LanguageCode) =>
  query(`/api/places/${seg(id)}/related?limit=${RELATED_PLACES_DEFAULT}&languageCode=${lang}`, 'empty');

/** The value a page sees for an answer: the body when OK, else what `onError` says. */
export function resultFor(spec: PublicQuery, status: number, body: unknown): { value: unknown } | undefined {
  if (status === 200) return { value: body };
  // Only "this does not exist" answers are final; a server error leaves the query to the browser.
  if (status >= 500 || spec.onError === 'error') return undefined;
  return { value: spec.onError === 'null' ? null : [] };
}

async function fetchPublic(spec: PublicQuery): Promise<unknown> {
  const response = await fetch(spec.path, { credentials: 'include' });
  const body: unknown = response.ok ? await response.json() : undefined;
  const result = resultFor(spec, response.status, body);
  if (!result) throw new Error(`${response.status}: ${response.statusText}`);
  return result.value;
}

export function usePublicQuery<T>(spec: PublicQuery, enabled = true) {
  return useQuery<T>({ queryKey: spec.key, queryFn: () => fetchPublic(spec) as Promise<T>, enabled });
}
