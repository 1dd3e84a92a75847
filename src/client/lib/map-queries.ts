import type { MapDto, PlacesMapDto } from '../../shared/api/maps';
import { mapViewSearch, type MapView } from '../../shared/map-view';
import type { NearbyPlaceDto } from '../../shared/api/nearby';
import type { LanguageCode } from '../../shared/languages';
import { query } from './public-queries';

/* Reads of the maps and the nearby places (in the entry chunk with the other parts most pages use: entry-client.tsx). */

const seg = (value: string) => encodeURIComponent(value);

export const nearbyQuery = (id: string, lang: LanguageCode) =>
  query<NearbyPlaceDto[]>(`/api/places/${seg(id)}/nearby?languageCode=${lang}`, 'empty', (s) => s.nearby(id, lang));

// Maps are SVG markup drawn on the server: the page's HTML already holds them, so the server
// leaves them out of the dehydrated state (isPageMarkup) and the browser fetches one only when it
// navigates to a page it did not load.
export const worldMapQuery = (lang: LanguageCode) =>
  query<MapDto | null>(`/api/maps/countries/translations/${lang}`, 'null', (s) => s.worldMap(lang));
export const countryMapQuery = (slug: string, lang: LanguageCode) =>
  query<MapDto | null>(`/api/maps/countries/by-slug/${seg(slug)}/translations/${lang}`, 'null', (s) =>
    s.countryMap(slug, lang),
  );
export const placeMapQuery = (id: string) =>
  query<MapDto | null>(`/api/maps/places/${seg(id)}`, 'null', (s) => s.placeMap(id));

/** A view of the map of every place (/{lang}/map), in the page's HTML as the other maps. */
export const everyPlaceMapQuery = (lang: LanguageCode, view: MapView, theme?: string) =>
  query<PlacesMapDto | null>(`/api/maps/every-place/translations/${lang}${mapViewSearch(view, theme)}`, 'null', (s) =>
    s.placesMap(lang, view, theme),
  );

/** Data that is in the page's HTML as it is (the maps), so it is not sent a second time as state. */
export const isPageMarkup = (key: readonly unknown[]): boolean => key[0] === 'api' && key[1] === 'maps';
