import type { NearbyPlaceDto } from '../../shared/api/nearby';
import type { PublicDataSource } from '../../shared/api/public-data';
import { RELATED_PLACES_DEFAULT } from '../../shared/limits';
import type { AddressPage, PageAddress, PlacePage } from '../db/repos/place-page-repo';
import type { LanguageCode } from '../../shared/languages';
import { AppError } from '../errors';
import { noFacts, noHistory } from '../services/catalog';
import { namedThemes } from '../services/themes';
import type { PublicServices } from '../cache/tags';

const withNearby = (page: PlacePage): page is AddressPage => 'nearby' in page;

/** A 4xx from the catalogue (not found, a bad cursor) is "no data" for the page; other errors stay errors. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/**
 * Server rendering reads the services directly: the same tagged reads the API routes call
 * (cache/public-reads.ts), so a page records what it shows. One source serves one render in `lang`: an address's country check, city check and place page
 * are one read, and the sections the page then asks for come from it.
 */
export function createPublicDataSource(
  reads: PublicServices,
  renderLang: LanguageCode,
  /** The admin's preview: an address is a place, draft or published (never a city or country page). */
  preview = false,
): PublicDataSource {
  const { catalog, maps, nearby, search, featured, themes } = reads;
  /** An address as read (a preview's is its place page alone, without nearby places). */
  type Address = Omit<PageAddress, 'page'> & { page: PlacePage | null };
  const addresses = new Map<string, Promise<Address>>();
  const readAddress = async (slug: string): Promise<Address> =>
    preview
      ? { country: null, city: null, page: await orNull(catalog.placePage(slug, renderLang, true)) }
      : catalog.address(slug, renderLang);
  const addressOf = (slug: string) => {
    let read = addresses.get(slug);
    if (!read) {
      read = readAddress(slug);
      addresses.set(slug, read);
    }
    return read;
  };
  /** The place pages read in `renderLang` (those read with their address hold their nearby places). */
  const pages = new Map<string, PlacePage>();
  const pageOf = (id: string, lang: LanguageCode) => (lang === renderLang ? pages.get(id) : undefined);
  return {
    languages: () => catalog.languages(),
    uiText: (lang) => catalog.uiText(lang),
    siteSettings: async () => catalog.siteSettings(),
    infoPage: async (page, lang) => orNull(Promise.resolve().then(() => catalog.infoPage(page, lang))),
    places: (lang, page) => orNull(catalog.places({}, lang, page)),
    countries: (lang, page) => orNull(catalog.countries(lang, page)),
    countryBySlug: async (slug) => (await addressOf(slug)).country,
    translatedCountry: (slug, lang) => orNull(catalog.translatedCountry(slug, lang)),
    citiesOfCountry: (slug, lang, page) => orNull(catalog.citiesOfCountry(slug, lang, page)),
    cityBySlug: async (slug) => (await addressOf(slug)).city,
    translatedCity: (slug, lang) => orNull(catalog.translatedCity(slug, lang)),
    placesOfCity: (slug, lang, page) => orNull(catalog.placesOfCity(slug, lang, page)),
    placesByIds: (ids, lang) => orNull(catalog.placesByIds(ids, lang)),
    async placeBySlug(slug, lang) {
      const page = lang === renderLang ? (await addressOf(slug)).page : await orNull(catalog.placePage(slug, lang));
      if (!page) return null;
      if (lang === renderLang) pages.set(page.place.id, page);
      return page.place;
    },
    history: async (id, lang) => {
      const page = pageOf(id, lang);
      return page ? (page.history ?? noHistory(lang)) : orNull(catalog.history(id, lang));
    },
    facts: async (id, lang) => {
      const page = pageOf(id, lang);
      return page ? (page.facts ?? noFacts(lang)) : orNull(catalog.facts(id, lang));
    },
    visit: async (id, lang) => {
      const page = pageOf(id, lang);
      return page ? page.visit : orNull(catalog.visit(id, lang));
    },
    gallery: async (id, lang) => pageOf(id, lang)?.gallery ?? orNull(catalog.gallery(id, lang)),
    related: async (id, limit, lang) => {
      const page = pageOf(id, lang);
      return page && limit <= RELATED_PLACES_DEFAULT
        ? page.related.slice(0, limit)
        : orNull(catalog.related(id, limit, lang));
    },
    nearby: async (id, lang): Promise<NearbyPlaceDto[] | null> => {
      const page = pageOf(id, lang);
      if (page && withNearby(page)) return page.nearby;
      return orNull(nearby.nearby(id, lang, pages.get(id)?.place));
    },
    worldMap: (lang) => orNull(maps.worldMap(lang)),
    countryMap: (slug, lang) => orNull(maps.countryMap(slug, lang)),
    placeMap: (id) => orNull(maps.placeMap(id, pages.get(id)?.place)),
    placesMap: (lang, view, theme) => orNull(maps.placesMap(lang, view, theme)),
    search: (q, lang, page) => orNull(search.search(q, lang, page)),
    latestPlaces: (lang, page) => orNull(catalog.latestPlaces(lang, page)),
    highlights: (scope, slug, lang) => orNull(featured.highlights(scope, slug, lang)),
    themes: (lang) => orNull(themes.themes(lang)),
    themePage: (slug, lang, inSlug) => orNull(themes.themePage(slug, lang, inSlug)),
    themePlaces: (slug, lang, inSlug, page) => orNull(themes.themePlaces(slug, lang, inSlug, page)),
    themeMap: (slug, lang, inSlug) => orNull(themes.themeMap(slug, lang, inSlug)),
    placeThemes: async (id, lang) => {
      // a published place's page read them (a draft's preview shows none, as the API answers)
      const page = preview ? undefined : pageOf(id, lang);
      return page ? namedThemes(page.themes, lang) : orNull(themes.placeThemes(id, lang));
    },
    areaThemes: (slug, lang) => orNull(themes.areaThemes(slug, lang)),
  };
}
