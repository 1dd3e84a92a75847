import type { MapDto } from '../../shared/api/maps';
import type { PlaceCardDto } from '../../shared/api/public';
import type { AreaThemesDto, ThemeDto, ThemePageDto } from '../../shared/api/themes';
import type { LanguageCode } from '../../shared/languages';
import type { Page } from '../../shared/paging';
import { query, type PublicQuery } from './public-queries';

/* Reads of the themes (docs/product.md §22): the strip, a theme's page, list and map, a place's and an area's themes. */

const seg = (value: string) => encodeURIComponent(value);
const inQuery = (inSlug: string | undefined, first: '?' | '&') => (inSlug ? `${first}in=${seg(inSlug)}` : '');

export const themesQuery = (lang: LanguageCode) =>
  query<ThemeDto[]>(`/api/themes/translations/${lang}`, 'empty', (s) => s.themes(lang));
export const themePageQuery = (slug: string, lang: LanguageCode, inSlug?: string) =>
  query<ThemePageDto | null>(
    `/api/themes/by-slug/${seg(slug)}/translations/${lang}${inQuery(inSlug, '?')}`,
    'null',
    (s) => s.themePage(slug, lang, inSlug),
  );
export function themePlacesQuery(
  slug: string,
  lang: LanguageCode,
  inSlug: string | undefined,
  cursor: string | undefined,
): PublicQuery<Page<PlaceCardDto>> {
  const path = `/api/themes/by-slug/${seg(slug)}/places?languageCode=${lang}${inQuery(inSlug, '&')}`;
  return query<Page<PlaceCardDto>>(
    cursor ? `${path}&cursor=${seg(cursor)}` : path,
    'empty',
    (s) => s.themePlaces(slug, lang, inSlug, cursor ? { cursor } : {}),
    true,
  );
}
// a map is SVG markup the page's HTML holds already (map-queries.ts, isPageMarkup: its key starts with api, maps)
export const themeMapQuery = (slug: string, lang: LanguageCode, inSlug?: string) =>
  query<MapDto | null>(
    `/api/maps/themes/by-slug/${seg(slug)}/translations/${lang}${inQuery(inSlug, '?')}`,
    'null',
    (s) => s.themeMap(slug, lang, inSlug),
  );
export const placeThemesQuery = (id: string, lang: LanguageCode) =>
  query<ThemeDto[]>(`/api/places/${seg(id)}/themes?languageCode=${lang}`, 'empty', (s) => s.placeThemes(id, lang));
export const areaThemesQuery = (slug: string, lang: LanguageCode) =>
  query<AreaThemesDto | null>(`/api/themes/in/${seg(slug)}/translations/${lang}`, 'null', (s) =>
    s.areaThemes(slug, lang),
  );
