import type { PublicDataSource } from '../../shared/api/public-data';
import { RELATED_PLACES_DEFAULT } from '../../shared/limits';
import type { PlacePage } from '../db/repos/places-repo';
import type { LanguageCode } from '../../shared/languages';
import { AppError } from '../errors';
import { NO_FACTS, NO_HISTORY, type CatalogService } from '../services/catalog';

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
 * The site's chrome (languages and interface text) is on every page and changes only with the
 * content version: it is read once per version, not once per render.
 */
export function createChromeMemo(catalog: CatalogService) {
  let version = -1;
  const reads = new Map<string, Promise<unknown>>();

  const remember = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const cached = reads.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const reading = read();
    reads.set(key, reading);
    reading.catch(() => reads.delete(key));
    return reading;
  };

  return {
    /** The chrome readers for a render made from `renderVersion`. */
    at(renderVersion: number) {
      if (renderVersion > version) {
        version = renderVersion;
        reads.clear();
      }
      // A render from an older version than the memo's reads for itself.
      if (renderVersion < version) {
        return {
          languages: () => catalog.languages(),
          uiTranslations: (lang: LanguageCode) => catalog.uiTranslations(lang),
        };
      }
      return {
        languages: () => remember('languages', () => catalog.languages()),
        uiTranslations: (lang: LanguageCode) => remember(`text ${lang}`, () => catalog.uiTranslations(lang)),
      };
    },
  };
}

export type ChromeMemo = ReturnType<typeof createChromeMemo>;

/**
 * Server rendering reads the catalogue service directly: the same functions the API routes call.
 * One source serves one render: the country and city checks of an address are one read, a place
 * page is one read (place and sections), and the sections the page then asks for come from it.
 */
export function createPublicDataSource(
  catalog: CatalogService,
  chrome: ReturnType<ChromeMemo['at']>,
): PublicDataSource {
  const owners = new Map<string, ReturnType<CatalogService['slugOwners']>>();
  const ownersOf = (slug: string) => {
    let read = owners.get(slug);
    if (!read) {
      read = catalog.slugOwners(slug);
      owners.set(slug, read);
    }
    return read;
  };
  const pages = new Map<string, { lang: LanguageCode; page: PlacePage }>();
  const pageOf = (id: string, lang: LanguageCode) => {
    const read = pages.get(id);
    return read?.lang === lang ? read.page : undefined;
  };
  return {
    languages: chrome.languages,
    uiTranslations: chrome.uiTranslations,
    places: (lang, page) => orNull(catalog.places({}, lang, page)),
    countries: (lang, page) => orNull(catalog.countries(lang, page)),
    countryBySlug: async (slug) => (await ownersOf(slug)).country ?? null,
    translatedCountry: (slug, lang) => orNull(catalog.translatedCountry(slug, lang)),
    citiesOfCountry: (slug, lang, page) => orNull(catalog.citiesOfCountry(slug, lang, page)),
    cityBySlug: async (slug) => (await ownersOf(slug)).city ?? null,
    translatedCity: (slug, lang) => orNull(catalog.translatedCity(slug, lang)),
    placesOfCity: (slug, lang, page) => orNull(catalog.placesOfCity(slug, lang, page)),
    async placeBySlug(slug, lang) {
      const page = await orNull(catalog.placePage(slug, lang));
      if (page) pages.set(page.place.id, { lang, page });
      return page?.place ?? null;
    },
    history: async (id, lang) => {
      const page = pageOf(id, lang);
      return page ? (page.history ?? NO_HISTORY) : orNull(catalog.history(id, lang));
    },
    facts: async (id, lang) => {
      const page = pageOf(id, lang);
      return page ? (page.facts ?? NO_FACTS) : orNull(catalog.facts(id, lang));
    },
    gallery: async (id) => pages.get(id)?.page.gallery ?? orNull(catalog.gallery(id)),
    related: async (id, limit, lang) => {
      const page = pageOf(id, lang);
      return page && limit <= RELATED_PLACES_DEFAULT
        ? page.related.slice(0, limit)
        : orNull(catalog.related(id, limit, lang));
    },
  };
}
