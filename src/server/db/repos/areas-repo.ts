import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CityDto, CountryDto, TranslatedCityDto, TranslatedCountryDto } from '@/shared/api/public';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { cities, cityTranslations, countries, countryTranslations, places } from '../schema';
import { textIn, writtenBy } from './text-in-language';
import { keysetOrder, pageKeyColumn, seekCondition, type Keyed, type Keyset, type Seek } from './keyset';

const ctr = alias(countryTranslations, 'ctr');
const cityTr = alias(cityTranslations, 'city_tr');

/**
 * A translated country or city as read; the catalogue turns it into its DTO (the country named in
 * `lang` when no translation is stored, English text marked).
 */
export interface TranslatedCountryRow extends Omit<TranslatedCountryDto, 'englishFields'> {
  /** A translation row names it in `lang`; else `name` is the stored English name. */
  nameTranslated: boolean;
  /** False when the description is the English one (no translation, or one that kept the original). */
  descriptionTranslated: boolean;
}
export interface TranslatedCityRow extends Omit<TranslatedCityDto, 'englishFields'> {
  /** Its country has a stored name in `lang`; else `country` is the stored English name. */
  countryTranslated: boolean;
  descriptionTranslated: boolean;
}

/**
 * Whether a translation's description is really translated: a translation that could only do the
 * name keeps the English description (translation/work.ts).
 */
const descriptionTranslated = (translated: AnyPgColumn, original: AnyPgColumn) =>
  sql<boolean>`(${translated} is not null and ${translated} <> ${original})`;

/**
 * Whether a person has reviewed the text shown (the translation's, else the English), and whether
 * it is a machine's translation: read for a country's or city's own page (migration 0013).
 */
const reviewColumns = (source: typeof cities | typeof countries, translation: typeof cityTr | typeof ctr) => ({
  reviewed: sql<boolean>`(case when ${translation.id} is null then ${source.reviewed} else ${translation.reviewed} end)`,
  machineTranslated: sql<boolean>`(${translation.id} is not null and ${translation.origin} = 'machine')`,
  writtenBy: writtenBy(source.origin, translation),
});

/** Country name and description in `lang`, falling back to the original (English) text. */
const translatedCountryColumns = {
  id: countries.id,
  slug: countries.slug,
  ...textIn(ctr, countries, ['name', 'description']),
  imageUrl: countries.imageUrl,
  nameTranslated: sql<boolean>`(${ctr.name} is not null)`,
  descriptionTranslated: descriptionTranslated(ctr.description, countries.description),
  // counted through the indexes on cities.country and places.country
  cityCount: sql<number>`(select count(*)::int from ${cities} where ${cities.country} = ${countries.name})`,
  placeCount: sql<number>`(select count(*)::int from ${places} where ${places.country} = ${countries.name}
    and ${places.state} = 'published')`,
};

function selectTranslatedCountries<Extra extends Record<string, SQL>>(db: DbOrTx, lang: LanguageCode, extra: Extra) {
  return db
    .select({ ...translatedCountryColumns, ...extra })
    .from(countries)
    .leftJoin(ctr, and(eq(ctr.countryId, countries.id), eq(ctr.languageCode, lang)));
}

/** Newest first within a country (index cities_country_newest_idx). */
export const citiesKeyset: Keyset = {
  columns: [
    { column: cities.createdAt, kind: 'timestamp' },
    { column: cities.id, kind: 'uuid' },
  ],
};

/**
 * Every country (at most `cap`; the world has about 250), in `lang`. The countries list is sorted
 * by the localized name, which only the application can do (Intl.Collator), so it reads them all.
 */
export function listTranslatedCountries(db: DbOrTx, lang: LanguageCode, cap: number): Promise<TranslatedCountryRow[]> {
  return selectTranslatedCountries(db, lang, {}).orderBy(countries.name).limit(cap);
}

/** A country as the API shows it (countryDto), before its date is written out. */
export const countryColumns = {
  id: countries.id,
  name: countries.name,
  slug: countries.slug,
  description: countries.description,
  imageUrl: countries.imageUrl,
  createdAt: countries.createdAt,
};

/** A city as the API shows it (cityDto), before its date is written out. */
export const cityColumns = {
  id: cities.id,
  name: cities.name,
  country: cities.country,
  slug: cities.slug,
  description: cities.description,
  imageUrl: cities.imageUrl,
  createdAt: cities.createdAt,
};

/** A select that can still be narrowed: `where`, then `limit`, answer its rows. */
interface Filterable<Row> {
  where(condition: SQL): { limit(count: number): PromiseLike<Row[]> };
}

/** The reads of a city's or country's page by its address (the catalogue's, the companion's, the maps'). */
export interface PageReads<Dto, TranslatedRow> {
  /** As the API shows it: English, its date as ISO text. */
  bySlug(db: DbOrTx, slug: string): Promise<Dto | undefined>;
  /** In `lang`, with whether a person reviewed the text shown. */
  translatedBySlug(db: DbOrTx, slug: string, lang: LanguageCode): Promise<TranslatedRow | undefined>;
}

/** A kind's page reads from its two selects; an address is unique, so each finds at most one row. */
function pageReads<Row extends { createdAt: Date }, TranslatedRow>(
  table: typeof cities | typeof countries,
  select: (db: DbOrTx) => Filterable<Row>,
  selectTranslated: (db: DbOrTx, lang: LanguageCode) => Filterable<TranslatedRow>,
) {
  const atSlug = async <T>(query: Filterable<T>, slug: string) => (await query.where(eq(table.slug, slug)).limit(1))[0];
  return {
    async bySlug(db: DbOrTx, slug: string) {
      const row = await atSlug(select(db), slug);
      return row && { ...row, createdAt: row.createdAt.toISOString() };
    },
    translatedBySlug: (db: DbOrTx, slug: string, lang: LanguageCode) => atSlug(selectTranslated(db, lang), slug),
  };
}

export const countryPage: PageReads<CountryDto, TranslatedCountryRow> = pageReads(
  countries,
  (db) => db.select(countryColumns).from(countries),
  (db, lang) => selectTranslatedCountries(db, lang, reviewColumns(countries, ctr)),
);

/**
 * A country's id, English name and name in `lang` at its address, without its page's counts (a
 * count of every place of the country: 200 ms at 100,000): what an export or a feed names.
 */
export async function findCountryNamesBySlug(
  db: DbOrTx,
  slug: string,
  lang: LanguageCode,
): Promise<{ id: string; englishName: string; name: string; nameTranslated: boolean } | undefined> {
  const [row] = await db
    .select({
      id: countries.id,
      englishName: countries.name,
      ...textIn(ctr, countries, ['name']),
      nameTranslated: sql<boolean>`(${ctr.name} is not null)`,
    })
    .from(countries)
    .leftJoin(ctr, and(eq(ctr.countryId, countries.id), eq(ctr.languageCode, lang)))
    .where(eq(countries.slug, slug))
    .limit(1);
  return row;
}

/** Cities with name and description in `lang`; the country name is translated through its country row. */
function selectTranslatedCities<Extra extends Record<string, SQL>>(db: DbOrTx, lang: LanguageCode, extra: Extra) {
  return db
    .select({
      id: cities.id,
      slug: cities.slug,
      ...textIn(cityTr, cities, ['name', 'description']),
      // the country's name in `lang` is its country row's translation
      country: sql<string>`coalesce(${ctr.name}, ${cities.country})`,
      countrySlug: countries.slug,
      imageUrl: cities.imageUrl,
      countryTranslated: sql<boolean>`(${ctr.name} is not null)`,
      descriptionTranslated: descriptionTranslated(cityTr.description, cities.description),
      ...extra,
    })
    .from(cities)
    .leftJoin(cityTr, and(eq(cityTr.cityId, cities.id), eq(cityTr.languageCode, lang)))
    .leftJoin(countries, eq(countries.name, cities.country))
    .leftJoin(ctr, and(eq(ctr.countryId, countries.id), eq(ctr.languageCode, lang)));
}

export function listTranslatedCitiesOfCountryPage(
  db: DbOrTx,
  countryName: string,
  lang: LanguageCode,
  seek: Seek | undefined,
  limit: number,
): Promise<(TranslatedCityRow & Keyed)[]> {
  return selectTranslatedCities(db, lang, { pageKey: pageKeyColumn(citiesKeyset) })
    .where(and(eq(cities.country, countryName), seekCondition(citiesKeyset, seek)))
    .orderBy(...keysetOrder(citiesKeyset, seek))
    .limit(limit);
}

export const cityPage: PageReads<CityDto, TranslatedCityRow> = pageReads(
  cities,
  (db) => db.select(cityColumns).from(cities),
  (db, lang) => selectTranslatedCities(db, lang, reviewColumns(cities, cityTr)),
);
