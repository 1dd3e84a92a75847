import type * as dto from '../../shared/api/public';
import type { Page, PageQuery } from '../../shared/paging';
import { localeFor, toLanguageCode, type LanguageCode } from '../../shared/languages';
import { RELATED_PLACES_DEFAULT, RELATED_PLACES_MAX, SLUG_MAX_LENGTH } from '../../shared/limits';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as areas from '../db/repos/areas-repo';
import { HOME_AREA_ID, shownPins } from '../db/repos/featured-repo';
import { listLanguages, listUiText } from '../db/repos/languages-repo';
import { findPart, type PlacePart, type PlaceParts } from '../db/repos/place-content-repo';
import * as placePageRepo from '../db/repos/place-page-repo';
import * as placesRepo from '../db/repos/places-repo';
import { publicMovedSlugTarget } from '../db/repos/slugs-repo';
import { findVisit } from '../db/repos/visit-facts-repo';
import { NotFoundError } from '../errors';
import {
  localizeAddressPage,
  localizeCity,
  localizeCountry,
  localizePlace,
  localizePlaceCard,
  localizePlacePage,
} from './localize';
import { pageOfList, readPage } from './paging';
import { NO_SITE_SETTINGS, type InfoPage, type SiteSettings } from '../../shared/site';
import type { InfoPageTexts } from '../info-pages-config';
import type { VisitDto } from '../../shared/api/visit-facts';
import { localizeVisit } from './visit-facts';

/** What a place without history or trivia answers (there is no text, so any language is right). */
export const noHistory = (lang: LanguageCode): dto.TranslatedHistoryDto => ({
  hasEvents: 'no',
  events: [],
  languageCode: lang,
});
export const noFacts = (lang: LanguageCode): dto.TranslatedFactsDto => ({
  hasFacts: 'no',
  facts: [],
  languageCode: lang,
});

/** A place's history or trivia, with the language it is written in. */
type TranslatedPart<P extends PlacePart> = PlaceParts[P] & { languageCode: string };
const NO_PART: { [P in PlacePart]: (lang: LanguageCode) => TranslatedPart<P> } = { history: noHistory, facts: noFacts };

/** Countries read for the countries list (the world has about 250; anything beyond is not shown). */
const COUNTRIES_MAX = 1000;

const mapItems = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({ ...page, items: page.items.map(map) });

/** A slug longer than any we generate cannot exist: answer "not found" without a query. */
const plausibleSlug = (slug: string) => slug.length > 0 && slug.length <= SLUG_MAX_LENGTH;

function found<T>(value: T | undefined, message: string): T {
  if (value === undefined) throw new NotFoundError(message);
  return value;
}

/** Read side of the public site: everything a visitor can see, in the requested language. */
export interface CatalogSite {
  /** Who publishes the site and where it links to (GET /api/site). */
  settings: SiteSettings;
  /** The site's name and tagline for every language, over the stored interface texts. */
  texts: { name?: string; tagline?: string };
  /** The texts of the footer's pages that this site serves (SITE_ABOUT_TEXT, ...). */
  infoPageTexts?: InfoPageTexts;
}

const NO_SITE: CatalogSite = { settings: NO_SITE_SETTINGS, texts: {} };

export function createCatalogService({ db, site = NO_SITE }: { db: Database; site?: CatalogSite }) {
  const textOverrides = new Map<string, string>(
    [
      ['meta.title.suffix', site.texts.name],
      ['footer.tagline', site.texts.tagline],
    ].filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  async function placeById(id: string) {
    const place = isUuid(id) ? await placesRepo.findPublishedPlaceById(db, id) : undefined;
    return found(place, 'Place not found');
  }

  /** A section of a place page (history or trivia) in `requestedLang`, else in English, else none. */
  async function placePart<P extends PlacePart>(
    part: P,
    placeId: string,
    requestedLang: string | undefined,
    known: dto.PlaceDto | undefined,
  ): Promise<TranslatedPart<P>> {
    if (!known) await placeById(placeId);
    const lang = toLanguageCode(requestedLang);
    const row = await findPart(db, part, placeId, lang);
    return row ? { ...row.content, languageCode: row.languageCode } : NO_PART[part](lang);
  }

  async function countryBySlug(slug: string): Promise<dto.CountryDto> {
    return found(plausibleSlug(slug) ? await areas.countryPage.bySlug(db, slug) : undefined, 'Country not found');
  }

  async function cityBySlug(slug: string): Promise<dto.CityDto> {
    return found(plausibleSlug(slug) ? await areas.cityPage.bySlug(db, slug) : undefined, 'City not found');
  }

  async function places(
    filter: placesRepo.PlaceFilter,
    requestedLang: string,
    page: PageQuery,
  ): Promise<Page<dto.PlaceCardDto>> {
    const lang = toLanguageCode(requestedLang);
    const rows = await readPage(placesRepo.placesKeyset, page, (seek, limit) =>
      placesRepo.listPlacesPage(db, lang, filter, seek, limit),
    );
    return mapItems(rows, (row) => localizePlaceCard(row, lang));
  }

  return {
    /** Where a place, city or country that moved lives now, if visitors may see it (see services/slugs.ts). */
    movedSlug: (slug: string): Promise<string | undefined> => publicMovedSlugTarget(db, slug),

    languages: (): Promise<dto.LanguageDto[]> => listLanguages(db),
    uiText: async (lang: string): Promise<dto.UiTextEntryDto[]> => {
      const rows = await listUiText(db, toLanguageCode(lang));
      if (textOverrides.size === 0) return rows;
      return rows.map((row) => ({ ...row, value: textOverrides.get(row.key) ?? row.value }));
    },

    siteSettings: (): SiteSettings => site.settings,

    /** A footer page's text in one language (its own text there, else the common one); 404 when not set. */
    infoPage(page: InfoPage, lang: string): dto.InfoPageDto {
      const configured = found(site.infoPageTexts?.[page], 'Page not found');
      return { page, text: configured.byLanguage[toLanguageCode(lang)] ?? configured.text };
    },

    /** Newest places first, one page at a time; optionally of one location and/or country. */
    places,

    /** The home page's list: newest first, without the home page's highlights (shown above it). */
    async latestPlaces(requestedLang: string, page: PageQuery): Promise<Page<dto.PlaceCardDto>> {
      const except = await shownPins(db, { scope: 'home', id: HOME_AREA_ID });
      return places({ except }, requestedLang, page);
    },

    /** The published places among `ids` as cards in a language, in the order given (a visitor's saved places). */
    async placesByIds(ids: readonly string[], requestedLang: string): Promise<dto.PlaceCardDto[]> {
      const lang = toLanguageCode(requestedLang);
      const rows = await placesRepo.listPlaceCardsByIds(db, lang, ids.filter(isUuid));
      const byId = new Map(rows.map((row) => [row.id, localizePlaceCard(row, lang)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async placeBySlug(slug: string, requestedLang: string): Promise<dto.PlaceDto> {
      const lang = toLanguageCode(requestedLang);
      const place = plausibleSlug(slug) ? await placesRepo.findTranslatedPlaceBySlug(db, slug, lang) : undefined;
      return localizePlace(found(place, 'Place not found'), lang);
    },

    /**
     * A whole place page (place, gallery, history, trivia, related) in one read: server rendering.
     * A draft only with `includeDrafts` (the admin's preview).
     */
    async placePage(slug: string, requestedLang: string, includeDrafts = false): Promise<placePageRepo.PlacePage> {
      const lang = toLanguageCode(requestedLang);
      const page = plausibleSlug(slug)
        ? await placePageRepo.findPlacePage(db, slug, lang, RELATED_PLACES_DEFAULT, includeDrafts)
        : undefined;
      return localizePlacePage(found(page, 'Place not found'), lang);
    },

    // The sections of a place page, each as the API answers it. `known` is the place when the
    // caller has just read it, which saves asking the database whether it exists.

    history: (placeId: string, requestedLang: string | undefined, known?: dto.PlaceDto) =>
      placePart('history', placeId, requestedLang, known),

    facts: (placeId: string, requestedLang: string | undefined, known?: dto.PlaceDto) =>
      placePart('facts', placeId, requestedLang, known),

    /** A place's visit facts in a language (decision 043); null when the owner gave none. */
    async visit(placeId: string, requestedLang: string | undefined): Promise<VisitDto | null> {
      const lang = toLanguageCode(requestedLang);
      const row = isUuid(placeId) ? await findVisit(db, placeId, lang) : undefined;
      return localizeVisit(found(row, 'Place not found').visit, lang);
    },

    async gallery(placeId: string, lang: string | undefined, known?: dto.PlaceDto): Promise<dto.GalleryImageDto[]> {
      if (!known) await placeById(placeId);
      return placesRepo.listGallery(db, placeId, toLanguageCode(lang));
    },

    async related(
      placeId: string,
      limit: number | undefined,
      requestedLang: string | undefined,
      known?: dto.PlaceDto,
    ): Promise<dto.PlaceCardDto[]> {
      const place = known ?? (await placeById(placeId));
      const capped = Math.min(Math.max(limit ?? RELATED_PLACES_DEFAULT, 1), RELATED_PLACES_MAX);
      const lang = toLanguageCode(requestedLang);
      const rows = await placesRepo.listRelatedPlaces(db, place, lang, capped);
      return rows.map((row) => localizePlaceCard(row, lang));
    },

    async countries(requestedLang: string, page: PageQuery): Promise<Page<dto.TranslatedCountryDto>> {
      const lang = toLanguageCode(requestedLang);
      const all = (await areas.listTranslatedCountries(db, lang, COUNTRIES_MAX)).map((row) =>
        localizeCountry(row, lang),
      );
      // by name as the visitor's language sorts it (Ö with O in German, pinyin order in Chinese)
      const collator = new Intl.Collator(localeFor(lang));
      all.sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
      return pageOfList(all, page);
    },
    countryBySlug,
    async translatedCountry(slug: string, requestedLang: string): Promise<dto.TranslatedCountryDto> {
      const lang = toLanguageCode(requestedLang);
      const country = plausibleSlug(slug) ? await areas.countryPage.translatedBySlug(db, slug, lang) : undefined;
      return localizeCountry(found(country, 'Country not found'), lang);
    },
    async citiesOfCountry(slug: string, requestedLang: string, page: PageQuery): Promise<Page<dto.TranslatedCityDto>> {
      const country = await countryBySlug(slug);
      const lang = toLanguageCode(requestedLang);
      const rows = await readPage(areas.citiesKeyset, page, (seek, limit) =>
        areas.listTranslatedCitiesOfCountryPage(db, country.name, lang, seek, limit),
      );
      return mapItems(rows, (row) => localizeCity(row, lang));
    },

    cityBySlug,
    /**
     * What a page address names, in one read (server rendering): the country and the city with
     * that slug, and the place page in `lang` with its nearby places.
     */
    async address(slug: string, requestedLang: string): Promise<placePageRepo.PageAddress> {
      if (!plausibleSlug(slug)) return { country: null, city: null, page: null };
      const lang = toLanguageCode(requestedLang);
      const address = await placePageRepo.findAddress(db, slug, lang, RELATED_PLACES_DEFAULT);
      return { ...address, page: address.page && localizeAddressPage(address.page, lang) };
    },
    async translatedCity(slug: string, requestedLang: string): Promise<dto.TranslatedCityDto> {
      const lang = toLanguageCode(requestedLang);
      const city = plausibleSlug(slug) ? await areas.cityPage.translatedBySlug(db, slug, lang) : undefined;
      return localizeCity(found(city, 'City not found'), lang);
    },
    async placesOfCity(
      slug: string,
      requestedLang: string | undefined,
      page: PageQuery,
    ): Promise<Page<dto.PlaceCardDto>> {
      const city = await cityBySlug(slug);
      const lang = toLanguageCode(requestedLang);
      const filter = { location: city.name, country: city.country };
      // the city's highlights are shown above the list, not again in it (decision 044)
      const except = await shownPins(db, { scope: 'city', id: city.id, ...filter });
      const rows = await readPage(placesRepo.placesKeyset, page, (seek, limit) =>
        placesRepo.listPlacesPage(db, lang, { ...filter, except }, seek, limit),
      );
      return mapItems(rows, (row) => localizePlaceCard(row, lang));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
