import type {
  CountryDto,
  CityDto,
  FactsDto,
  GalleryImageDto,
  HistoryDto,
  LanguageDto,
  PlaceDto,
  TranslatedCityDto,
  TranslatedCountryDto,
  UiTranslationDto,
} from '../../shared/api/public';
import type { Page, PageQuery } from '../../shared/paging';
import { toLanguageCode } from '../../shared/languages';
import { RELATED_PLACES_DEFAULT, RELATED_PLACES_MAX, SLUG_MAX_LENGTH } from '../../shared/limits';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as geo from '../db/repos/geo-repo';
import { listLanguages, listUiTranslations } from '../db/repos/languages-repo';
import * as placesRepo from '../db/repos/places-repo';
import { movedSlugTarget } from '../db/repos/slugs-repo';
import { NotFoundError } from '../errors';
import { readPage } from './paging';

/** What a place without history or trivia answers. */
export const NO_HISTORY: HistoryDto = { hasEvents: 'no', events: [] };
export const NO_FACTS: FactsDto = { hasFacts: 'no', facts: [] };

/** A slug longer than any we generate cannot exist: answer "not found" without a query. */
const plausibleSlug = (slug: string) => slug.length > 0 && slug.length <= SLUG_MAX_LENGTH;

function found<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new NotFoundError(message);
  return value;
}

/** Read side of the public site: everything a visitor can see, in the requested language. */
export function createCatalogService(db: Database) {
  async function placeById(id: string) {
    const place = isUuid(id) ? await placesRepo.findPlaceById(db, id) : undefined;
    return found(place, 'Place not found');
  }

  async function countryBySlug(slug: string): Promise<CountryDto> {
    return found(plausibleSlug(slug) ? await geo.findCountryBySlug(db, slug) : undefined, 'Country not found');
  }

  async function cityBySlug(slug: string): Promise<CityDto> {
    return found(plausibleSlug(slug) ? await geo.findCityBySlug(db, slug) : undefined, 'City not found');
  }

  return {
    /** Where a place, city or country that moved lives now (see services/slugs.ts). */
    movedSlug: (slug: string): Promise<string | undefined> => movedSlugTarget(db, slug),

    languages: (): Promise<LanguageDto[]> => listLanguages(db),
    uiTranslations: (lang: string): Promise<UiTranslationDto[]> => listUiTranslations(db, toLanguageCode(lang)),

    /** Newest places first, one page at a time; optionally of one location and/or country. */
    places: (filter: placesRepo.PlaceFilter, lang: string, page: PageQuery): Promise<Page<PlaceDto>> =>
      readPage(placesRepo.placesKeyset, page, (seek, limit) =>
        placesRepo.listPlacesPage(db, toLanguageCode(lang), filter, seek, limit),
      ),

    async placeBySlug(slug: string, lang: string): Promise<PlaceDto> {
      const place = plausibleSlug(slug)
        ? await placesRepo.findTranslatedPlaceBySlug(db, slug, toLanguageCode(lang))
        : undefined;
      return found(place, 'Place not found');
    },

    /** A whole place page (place, gallery, history, trivia, related) in one read: server rendering. */
    async placePage(slug: string, lang: string): Promise<placesRepo.PlacePage> {
      const page = plausibleSlug(slug)
        ? await placesRepo.findPlacePage(db, slug, toLanguageCode(lang), RELATED_PLACES_DEFAULT)
        : undefined;
      return found(page, 'Place not found');
    },

    // The sections of a place page, each as the API answers it. `known` is the place when the
    // caller has just read it, which saves asking the database whether it exists.

    async history(placeId: string, lang: string | undefined, known?: PlaceDto): Promise<HistoryDto> {
      if (!known) await placeById(placeId);
      const history = await placesRepo.findHistory(db, placeId, toLanguageCode(lang));
      return history ?? NO_HISTORY;
    },

    async facts(placeId: string, lang: string | undefined, known?: PlaceDto): Promise<FactsDto> {
      if (!known) await placeById(placeId);
      const facts = await placesRepo.findFacts(db, placeId, toLanguageCode(lang));
      return facts ?? NO_FACTS;
    },

    async gallery(placeId: string, known?: PlaceDto): Promise<GalleryImageDto[]> {
      if (!known) await placeById(placeId);
      return placesRepo.listGallery(db, placeId);
    },

    async related(
      placeId: string,
      limit: number | undefined,
      lang: string | undefined,
      known?: PlaceDto,
    ): Promise<PlaceDto[]> {
      const place = known ?? (await placeById(placeId));
      const capped = Math.min(Math.max(limit ?? RELATED_PLACES_DEFAULT, 1), RELATED_PLACES_MAX);
      return placesRepo.listRelatedPlaces(db, place, toLanguageCode(lang), capped);
    },

    countries: (lang: string, page: PageQuery): Promise<Page<TranslatedCountryDto>> =>
      readPage(geo.countriesKeyset, page, (seek, limit) =>
        geo.listTranslatedCountriesPage(db, toLanguageCode(lang), seek, limit),
      ),
    countryBySlug,
    async translatedCountry(slug: string, lang: string): Promise<TranslatedCountryDto> {
      const country = plausibleSlug(slug)
        ? await geo.findTranslatedCountryBySlug(db, slug, toLanguageCode(lang))
        : undefined;
      return found(country, 'Country not found');
    },
    async citiesOfCountry(slug: string, lang: string, page: PageQuery): Promise<Page<TranslatedCityDto>> {
      const country = await countryBySlug(slug);
      return readPage(geo.citiesKeyset, page, (seek, limit) =>
        geo.listTranslatedCitiesOfCountryPage(db, country.name, toLanguageCode(lang), seek, limit),
      );
    },

    cityBySlug,
    /**
     * What a page address names, in one read (server rendering): the country and the city with
     * that slug, and the place page in `lang`.
     */
    async address(slug: string, lang: string): Promise<placesRepo.PageAddress> {
      return plausibleSlug(slug)
        ? placesRepo.findAddress(db, slug, toLanguageCode(lang), RELATED_PLACES_DEFAULT)
        : { country: null, city: null, page: null };
    },
    async translatedCity(slug: string, lang: string): Promise<TranslatedCityDto> {
      const city = plausibleSlug(slug) ? await geo.findTranslatedCityBySlug(db, slug, toLanguageCode(lang)) : undefined;
      return found(city, 'City not found');
    },
    async placesOfCity(slug: string, lang: string | undefined, page: PageQuery): Promise<Page<PlaceDto>> {
      const city = await cityBySlug(slug);
      return readPage(placesRepo.placesKeyset, page, (seek, limit) =>
        placesRepo.listPlacesPage(
          db,
          toLanguageCode(lang),
          { location: city.name, country: city.country },
          seek,
          limit,
        ),
      );
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
