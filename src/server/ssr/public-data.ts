import type { PublicDataSource } from '../../shared/api/public-data';
import { AppError } from '../errors';
import type { CatalogService } from '../services/catalog';

/** A 4xx from the catalogue (not found, a bad cursor) is "no data" for the page; other errors stay errors. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/** Server rendering reads the catalogue service directly: the same functions the API routes call. */
export function createPublicDataSource(catalog: CatalogService): PublicDataSource {
  return {
    languages: () => catalog.languages(),
    uiTranslations: (lang) => catalog.uiTranslations(lang),
    places: (lang, page) => orNull(catalog.places({}, lang, page)),
    countries: (lang, page) => orNull(catalog.countries(lang, page)),
    countryBySlug: (slug) => orNull(catalog.countryBySlug(slug)),
    translatedCountry: (slug, lang) => orNull(catalog.translatedCountry(slug, lang)),
    citiesOfCountry: (slug, lang, page) => orNull(catalog.citiesOfCountry(slug, lang, page)),
    cityBySlug: (slug) => orNull(catalog.cityBySlug(slug)),
    translatedCity: (slug, lang) => orNull(catalog.translatedCity(slug, lang)),
    placesOfCity: (slug, lang, page) => orNull(catalog.placesOfCity(slug, lang, page)),
    placeBySlug: (slug, lang) => orNull(catalog.placeBySlug(slug, lang)),
    history: (id, lang) => orNull(catalog.history(id, lang)),
    facts: (id, lang) => orNull(catalog.facts(id, lang)),
    gallery: (id) => orNull(catalog.gallery(id)),
    related: (id, limit, lang) => orNull(catalog.related(id, limit, lang)),
  };
}
