import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AdminCityDto, AdminCountryDto, MissingCityDto, MissingCountryDto } from '../../../shared/api/admin-geo';
import type { DbOrTx } from '../client';
import { cities, cityTranslations, countries, countryTranslations, places } from '../schema';

/** One stored translation of a city's or country's name and description. */
export interface GeoTranslationRow {
  languageCode: string;
  name: string;
  description: string;
}

type CityRow = typeof cities.$inferSelect;
type CountryRow = typeof countries.$inferSelect;

const withIsoDate = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * Language codes with a translation row, as a sorted text array (never null). Written with
 * qualified names: Drizzle leaves columns unqualified in single-table selects, which would make
 * "id" inside the subquery mean the translation's id.
 */
const cityLanguages = sql<string[]>`coalesce(
  (select array_agg(ct.language_code order by ct.language_code)
     from city_translations ct where ct.city_id = "cities"."id"),
  '{}'::text[])`;

const countryLanguages = sql<string[]>`coalesce(
  (select array_agg(nt.language_code order by nt.language_code)
     from country_translations nt where nt.country_id = "countries"."id"),
  '{}'::text[])`;

const adminCityColumns = {
  id: cities.id,
  name: cities.name,
  country: cities.country,
  slug: cities.slug,
  description: cities.description,
  imageUrl: cities.imageUrl,
  createdAt: cities.createdAt,
  translatedLanguages: cityLanguages,
};

const adminCountryColumns = {
  id: countries.id,
  name: countries.name,
  slug: countries.slug,
  description: countries.description,
  imageUrl: countries.imageUrl,
  createdAt: countries.createdAt,
  translatedLanguages: countryLanguages,
};

// Cities

/** Every city, alphabetically by country then name, with the languages it is translated into. */
export async function listAdminCities(db: DbOrTx): Promise<AdminCityDto[]> {
  const rows = await db
    .select(adminCityColumns)
    .from(cities)
    .orderBy(asc(cities.country), asc(cities.name), asc(cities.id));
  return rows.map(withIsoDate);
}

export async function findAdminCity(db: DbOrTx, id: string): Promise<AdminCityDto | undefined> {
  const rows = await db.select(adminCityColumns).from(cities).where(eq(cities.id, id)).limit(1);
  return rows[0] && withIsoDate(rows[0]);
}

export async function findCityRow(db: DbOrTx, id: string): Promise<CityRow | undefined> {
  const rows = await db.select().from(cities).where(eq(cities.id, id)).limit(1);
  return rows[0];
}

/** Names are compared without regard to case, so "paris" cannot sit beside "Paris". */
export async function findCityByName(db: DbOrTx, name: string, country: string): Promise<CityRow | undefined> {
  const rows = await db
    .select()
    .from(cities)
    .where(and(sql`lower(${cities.name}) = lower(${name})`, sql`lower(${cities.country}) = lower(${country})`))
    .limit(1);
  return rows[0];
}

/**
 * Location/country pairs of places with no city of that name in that country. Matching is exact,
 * as on the public city page, which lists the places whose location and country equal the city's.
 */
export function listMissingCities(db: DbOrTx): Promise<MissingCityDto[]> {
  return (
    db
      .selectDistinct({ location: places.location, country: places.country })
      .from(places)
      .leftJoin(cities, and(eq(cities.name, places.location), eq(cities.country, places.country)))
      // A place whose location could not be named has no city to add.
      .where(and(isNull(cities.id), sql`btrim(${places.location}) <> ''`, sql`btrim(${places.country}) <> ''`))
      .orderBy(asc(places.country), asc(places.location))
  );
}

export async function insertCity(
  db: DbOrTx,
  values: { name: string; country: string; slug: string; description: string; imageUrl: string },
): Promise<CityRow> {
  const [row] = await db.insert(cities).values(values).returning();
  return row!;
}

export async function updateCityRow(
  db: DbOrTx,
  id: string,
  values: { name: string; country: string; description: string; imageUrl: string },
): Promise<void> {
  await db.update(cities).set(values).where(eq(cities.id, id));
}

/**
 * Deletes the city; its translations go with it (foreign key cascade). Places are untouched.
 * Answers the deleted city's picture, or undefined when there was no such city.
 */
export async function deleteCityRow(db: DbOrTx, id: string): Promise<{ imageUrl: string } | undefined> {
  const rows = await db.delete(cities).where(eq(cities.id, id)).returning({ imageUrl: cities.imageUrl });
  return rows[0];
}

/** Replaces the city's translations for the given languages; languages in `remove` lose theirs. */
export async function replaceCityTranslations(
  db: DbOrTx,
  cityId: string,
  rows: GeoTranslationRow[],
  remove: string[] = [],
): Promise<void> {
  for (const code of remove) {
    await db
      .delete(cityTranslations)
      .where(and(eq(cityTranslations.cityId, cityId), eq(cityTranslations.languageCode, code)));
  }
  if (rows.length === 0) return;
  await db
    .insert(cityTranslations)
    .values(rows.map((row) => ({ cityId, ...row })))
    .onConflictDoUpdate({
      target: [cityTranslations.cityId, cityTranslations.languageCode],
      set: { name: sql`excluded.name`, description: sql`excluded.description` },
    });
}

/** Places of a renamed city follow it, so the city keeps its places and does not reappear as missing. */
export async function movePlacesOfCity(
  db: DbOrTx,
  from: { name: string; country: string },
  to: { name: string; country: string },
): Promise<number> {
  const rows = await db
    .update(places)
    .set({ location: to.name, country: to.country })
    .where(and(eq(places.location, from.name), eq(places.country, from.country)))
    .returning({ id: places.id });
  return rows.length;
}

// Countries

export async function listAdminCountries(db: DbOrTx): Promise<AdminCountryDto[]> {
  const rows = await db.select(adminCountryColumns).from(countries).orderBy(asc(countries.name), asc(countries.id));
  return rows.map(withIsoDate);
}

export async function findAdminCountry(db: DbOrTx, id: string): Promise<AdminCountryDto | undefined> {
  const rows = await db.select(adminCountryColumns).from(countries).where(eq(countries.id, id)).limit(1);
  return rows[0] && withIsoDate(rows[0]);
}

export async function findCountryRow(db: DbOrTx, id: string): Promise<CountryRow | undefined> {
  const rows = await db.select().from(countries).where(eq(countries.id, id)).limit(1);
  return rows[0];
}

export async function findCountryByName(db: DbOrTx, name: string): Promise<CountryRow | undefined> {
  const rows = await db
    .select()
    .from(countries)
    .where(sql`lower(${countries.name}) = lower(${name})`)
    .limit(1);
  return rows[0];
}

/** Countries named by places that have no country row yet. */
export function listMissingCountries(db: DbOrTx): Promise<MissingCountryDto[]> {
  return db
    .selectDistinct({ country: places.country })
    .from(places)
    .leftJoin(countries, eq(countries.name, places.country))
    .where(and(isNull(countries.id), sql`btrim(${places.country}) <> ''`))
    .orderBy(asc(places.country));
}

export async function insertCountry(
  db: DbOrTx,
  values: { name: string; slug: string; description: string; imageUrl: string },
): Promise<CountryRow> {
  const [row] = await db.insert(countries).values(values).returning();
  return row!;
}

export async function updateCountryRow(
  db: DbOrTx,
  id: string,
  values: { name: string; description: string; imageUrl: string },
): Promise<void> {
  await db.update(countries).set(values).where(eq(countries.id, id));
}

/** Deletes the country and its translations; answers its picture, or undefined when there was none. */
export async function deleteCountryRow(db: DbOrTx, id: string): Promise<{ imageUrl: string } | undefined> {
  const rows = await db.delete(countries).where(eq(countries.id, id)).returning({ imageUrl: countries.imageUrl });
  return rows[0];
}

export async function replaceCountryTranslations(
  db: DbOrTx,
  countryId: string,
  rows: GeoTranslationRow[],
  remove: string[] = [],
): Promise<void> {
  for (const code of remove) {
    await db
      .delete(countryTranslations)
      .where(and(eq(countryTranslations.countryId, countryId), eq(countryTranslations.languageCode, code)));
  }
  if (rows.length === 0) return;
  await db
    .insert(countryTranslations)
    .values(rows.map((row) => ({ countryId, ...row })))
    .onConflictDoUpdate({
      target: [countryTranslations.countryId, countryTranslations.languageCode],
      set: { name: sql`excluded.name`, description: sql`excluded.description` },
    });
}

/** Cities and places of a renamed country follow it, so the country keeps them. */
export async function moveCountryReferences(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.update(cities).set({ country: to }).where(eq(cities.country, from));
  await db.update(places).set({ country: to }).where(eq(places.country, from));
}

/** Counts for the delete message: what stays behind when a city or country goes. */
export async function countPlacesIn(db: DbOrTx, filter: { location?: string; country: string }): Promise<number> {
  const conditions = [eq(places.country, filter.country)];
  if (filter.location !== undefined) conditions.push(eq(places.location, filter.location));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(places)
    .where(and(...conditions));
  return row?.n ?? 0;
}

export async function countCitiesIn(db: DbOrTx, country: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cities)
    .where(eq(cities.country, country));
  return row?.n ?? 0;
}
