import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CityDto, CountryDto, TranslatedCityDto, TranslatedCountryDto } from '../../../shared/api/public';
import type { LanguageCode } from '../../../shared/languages';
import type { DbOrTx } from '../client';
import { cities, cityTranslations, countries, countryTranslations } from '../schema';

const ctr = alias(countryTranslations, 'ctr');
const cityTr = alias(cityTranslations, 'city_tr');

/** Countries with name and description in `lang`, falling back to the original (English) text. */
function selectTranslatedCountries(db: DbOrTx, lang: LanguageCode) {
  return db
    .select({
      id: countries.id,
      slug: countries.slug,
      name: sql<string>`coalesce(${ctr.name}, ${countries.name})`,
      description: sql<string>`coalesce(${ctr.description}, ${countries.description})`,
      imageUrl: countries.imageUrl,
    })
    .from(countries)
    .leftJoin(ctr, and(eq(ctr.countryId, countries.id), eq(ctr.languageCode, lang)));
}

export function listTranslatedCountries(db: DbOrTx, lang: LanguageCode): Promise<TranslatedCountryDto[]> {
  return selectTranslatedCountries(db, lang).orderBy(desc(countries.createdAt), desc(countries.id));
}

export async function findCountryBySlug(db: DbOrTx, slug: string): Promise<CountryDto | undefined> {
  const rows = await db.select().from(countries).where(eq(countries.slug, slug)).limit(1);
  const row = rows[0];
  return row && { ...row, createdAt: row.createdAt.toISOString() };
}

export async function findTranslatedCountryBySlug(
  db: DbOrTx,
  slug: string,
  lang: LanguageCode,
): Promise<TranslatedCountryDto | undefined> {
  const rows = await selectTranslatedCountries(db, lang).where(eq(countries.slug, slug)).limit(1);
  return rows[0];
}

/** Cities with name and description in `lang`; the country name is translated through its country row. */
function selectTranslatedCities(db: DbOrTx, lang: LanguageCode) {
  return db
    .select({
      id: cities.id,
      slug: cities.slug,
      name: sql<string>`coalesce(${cityTr.name}, ${cities.name})`,
      country: sql<string>`coalesce(${ctr.name}, ${cities.country})`,
      description: sql<string>`coalesce(${cityTr.description}, ${cities.description})`,
      imageUrl: cities.imageUrl,
    })
    .from(cities)
    .leftJoin(cityTr, and(eq(cityTr.cityId, cities.id), eq(cityTr.languageCode, lang)))
    .leftJoin(countries, eq(countries.name, cities.country))
    .leftJoin(ctr, and(eq(ctr.countryId, countries.id), eq(ctr.languageCode, lang)));
}

export function listTranslatedCitiesOfCountry(
  db: DbOrTx,
  countryName: string,
  lang: LanguageCode,
): Promise<TranslatedCityDto[]> {
  return selectTranslatedCities(db, lang)
    .where(eq(cities.country, countryName))
    .orderBy(desc(cities.createdAt), desc(cities.id));
}

export async function findCityBySlug(db: DbOrTx, slug: string): Promise<CityDto | undefined> {
  const rows = await db.select().from(cities).where(eq(cities.slug, slug)).limit(1);
  const row = rows[0];
  return row && { ...row, createdAt: row.createdAt.toISOString() };
}

export async function findTranslatedCityBySlug(
  db: DbOrTx,
  slug: string,
  lang: LanguageCode,
): Promise<TranslatedCityDto | undefined> {
  const rows = await selectTranslatedCities(db, lang).where(eq(cities.slug, slug)).limit(1);
  return rows[0];
}
