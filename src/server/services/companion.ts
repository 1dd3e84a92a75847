import { NEAR_ME_PLACES, NEAR_ME_RADIUS_M } from '../../shared/api/companion';
import type { NearbyPlaceDto } from '../../shared/api/nearby';
import { toLanguageCode, type LanguageCode } from '../../shared/languages';
import { SLUG_MAX_LENGTH } from '../../shared/limits';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as areas from '../db/repos/areas-repo';
import {
  listExportPlaces,
  listNewestPlaces,
  type CompanionPlaceRow,
  type ExportFilter,
} from '../db/repos/companion-repo';
import { findNearestPlaces } from '../db/repos/nearby-repo';
import { findTranslatedPlaceBySlug } from '../db/repos/places-repo';
import { listThemeIdsOfPlaces } from '../db/repos/themes-repo';
import { themeById } from '../../shared/themes';
import { NotFoundError } from '../errors';
import { localCountryName } from '../geo/country-names';
import type { CompanionPlace, PlaceCollection } from './companion-formats';
import { countryNameIn, localizeCity } from './localize';
import { titleIn } from './place-titles';
import { listVisits } from '../db/repos/visit-facts-repo';
import { localizeVisit } from './visit-facts';

/** Waypoints in one download at most: a country of thousands of places is still one file a phone opens. */
export const EXPORT_MAX_PLACES = 2_000;
/** Entries in a feed: the newest places (docs/product.md). */
export const FEED_ENTRIES = 50;
/** No place is left out by `ne(id)` in the near-me query: no place has this id. */
const NO_PLACE = '00000000-0000-0000-0000-000000000000';

const plausibleSlug = (slug: string) => slug.length > 0 && slug.length <= SLUG_MAX_LENGTH;

/** What a download or a feed is of, for its dependency tags (cache/tags.ts). */
export interface AreaRef {
  kind: 'country' | 'city' | 'place';
  id: string;
}

export type CollectionRead = PlaceCollection & { of: AreaRef | undefined };

export interface FeedRead {
  lang: LanguageCode;
  /** The country a country's feed follows (its name in `lang`), none for the language's feed. */
  country: { id: string; name: string; slug: string } | undefined;
  places: CompanionPlace[];
}

/** A row as the files show it: the country named in `lang`, only places with an address and (for maps) a position. */
function companionPlace(row: CompanionPlaceRow, lang: LanguageCode): CompanionPlace | undefined {
  if (!row.slug) return undefined;
  return {
    ...row,
    slug: row.slug,
    title: titleIn(row, lang),
    latitude: row.latitude ?? 0,
    longitude: row.longitude ?? 0,
    // a translation stores its own country name; without one the stored name is English
    country: row.languageCode === 'en' ? localCountryName(row.country, lang) : row.country,
  };
}

const companionPlaces = (rows: CompanionPlaceRow[], lang: LanguageCode) =>
  rows.map((row) => companionPlace(row, lang)).filter((place) => place !== undefined);

/**
 * The traveller's companion (docs/decisions/022-companion-exports.md): the places of a page for a
 * map app, the newest places for a feed reader, the places nearest to a visitor's position.
 */
export function createCompanionService({ db }: { db: Database }) {
  /** A feed's places with their themes in `lang` (its entries' categories). */
  async function withThemes(places: CompanionPlace[], lang: LanguageCode): Promise<CompanionPlace[]> {
    const themes = await listThemeIdsOfPlaces(
      db,
      places.map((place) => place.id),
    );
    return places.map((place) => ({
      ...place,
      themes: (themes.get(place.id) ?? []).flatMap((id) => {
        const theme = themeById(id);
        return theme ? [{ slug: theme.slug, name: theme.name[lang] }] : [];
      }),
    }));
  }

  const exported = async (lang: LanguageCode, filter: ExportFilter) => {
    const places = companionPlaces(await listExportPlaces(db, lang, filter, EXPORT_MAX_PLACES), lang);
    // each waypoint's visit facts in the file's language (decision 043)
    const visits = await listVisits(
      db,
      places.map((place) => place.id),
      lang,
    );
    return places.map((place) => ({ ...place, visit: localizeVisit(visits.get(place.id), lang) }));
  };

  return {
    /** The places of the country, city or place at `slug`, in `lang`; NotFoundError when no page has that address. */
    async placesAt(slug: string, requestedLang: string): Promise<CollectionRead> {
      const lang = toLanguageCode(requestedLang);
      if (!plausibleSlug(slug)) throw new NotFoundError('No page has this address.');
      const country = await areas.findCountryNamesBySlug(db, slug, lang);
      if (country) {
        const places = await exported(lang, { country: country.englishName });
        const name = countryNameIn(country.name, country.nameTranslated, lang);
        return { lang, name, slug, places, of: { kind: 'country', id: country.id } };
      }
      const city = await areas.cityPage.translatedBySlug(db, slug, lang);
      if (city) {
        const english = await areas.cityPage.bySlug(db, slug);
        const places = await exported(lang, {
          location: english?.name ?? city.name,
          country: english?.country ?? city.country,
        });
        return { lang, name: localizeCity(city, lang).name, slug, places, of: { kind: 'city', id: city.id } };
      }
      const place = await findTranslatedPlaceBySlug(db, slug, lang);
      if (!place) throw new NotFoundError('No page has this address.');
      const places = await exported(lang, { ids: [place.id] });
      return { lang, name: place.title, slug, places, of: { kind: 'place', id: place.id } };
    },

    /** The published places among `ids` (at most EXPORT_MAX_PLACES), in `lang`: a visitor's own list. */
    async placesById(ids: readonly string[], requestedLang: string, name: string): Promise<CollectionRead> {
      const lang = toLanguageCode(requestedLang);
      const valid = [...new Set(ids)].filter(isUuid).slice(0, EXPORT_MAX_PLACES);
      const places = valid.length > 0 ? await exported(lang, { ids: valid }) : [];
      return { lang, name, slug: undefined, places, of: undefined };
    },

    /** The FEED_ENTRIES places added last, of the whole site or of the country at `countrySlug`. */
    async feed(requestedLang: string, countrySlug?: string): Promise<FeedRead> {
      const lang = toLanguageCode(requestedLang);
      if (countrySlug === undefined) {
        return {
          lang,
          country: undefined,
          places: await withThemes(
            companionPlaces(await listNewestPlaces(db, lang, undefined, FEED_ENTRIES), lang),
            lang,
          ),
        };
      }
      const country = plausibleSlug(countrySlug)
        ? await areas.findCountryNamesBySlug(db, countrySlug, lang)
        : undefined;
      if (!country) throw new NotFoundError('No country has this address.');
      const rows = await listNewestPlaces(db, lang, country.englishName, FEED_ENTRIES);
      return {
        lang,
        country: { id: country.id, name: countryNameIn(country.name, country.nameTranslated, lang), slug: countrySlug },
        places: await withThemes(companionPlaces(rows, lang), lang),
      };
    },

    /**
     * Up to NEAR_ME_PLACES published places nearest to a visitor's position, nearest first, in
     * `lang`, within NEAR_ME_RADIUS_M (one walk of the nearby index). The position is used
     * for this query only: never stored, never logged (the route takes it in a POST body).
     */
    async nearMe(latitude: number, longitude: number, requestedLang: string): Promise<NearbyPlaceDto[]> {
      const lang = toLanguageCode(requestedLang);
      const spot = { id: NO_PLACE, latitude, longitude };
      const rows = await findNearestPlaces(db, spot, lang, NEAR_ME_PLACES, NEAR_ME_RADIUS_M);
      return rows.map((row) => ({
        ...row,
        title: titleIn(row, lang),
        country: row.languageCode === 'en' ? localCountryName(row.country, lang) : row.country,
        distanceMeters: Math.round(row.distanceMeters),
      }));
    },
  };
}

export type CompanionService = ReturnType<typeof createCompanionService>;
