import { cities, cityTranslations, countries, countryTranslations } from '../schema';

/** The two kinds of area (the word for cities and countries together). */
export type AreaKind = 'city' | 'country';

/**
 * Where each kind of area is stored: its own table, and its translations' table with the column
 * that names the area. Cities and countries have the same columns but for a city's country, so the
 * repositories write what they share once, over the kind's tables.
 */
export const AREA_TABLES = {
  city: { table: cities, translations: cityTranslations, owner: cityTranslations.cityId },
  country: { table: countries, translations: countryTranslations, owner: countryTranslations.countryId },
} as const;
