import { and, asc, eq, getTableName, isNull, sql } from 'drizzle-orm';
import type { AdminCityDto, AdminCountryDto, MissingCityDto, MissingCountryDto } from '@/shared/api/admin-areas';
import type { DbOrTx } from '../client';
import { cities, cityTranslations, countries, countryTranslations, places } from '../schema';
import { AREA_TABLES, type AreaKind } from './area-tables';
import { cityColumns, countryColumns } from './areas-repo';
import { enqueueTranslatedPlaces, failuresJson, jobJson } from './translation-jobs-repo';
import type { AdminRowOf, VersionMap } from './translation-facts';
import { saveTranslation, translationVersions, type StoredVersion } from './translation-versions';

/** One stored translation of a city's or country's name and description. */
export interface AreaTranslationRow {
  languageCode: string;
  name: string;
  description: string;
}

export type CityRow = typeof cities.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
type RowOf<K extends AreaKind> = K extends 'city' ? CityRow : CountryRow;
/** What an administrator writes of a city or country; a city's name is within its country. */
type AreaFields<K extends AreaKind> = { name: string; description: string; imageUrl: string } & (K extends 'city'
  ? { country: string }
  : unknown);

/**
 * A city's or country's row in the admin lists: its API columns, the languages it is translated
 * into (a sorted text array, never null) and its translation state. The subqueries name the area's
 * id in full: Drizzle leaves columns unqualified in single-table selects, which would make "id"
 * inside them mean the translation's id.
 */
function adminColumns<Columns extends object>(kind: AreaKind, columns: Columns) {
  const { table, translations, owner } = AREA_TABLES[kind];
  const areaId = `"${getTableName(table)}"."id"`;
  const id = sql.raw(areaId);
  const ofThisArea = sql.raw(`from ${getTableName(translations)} t where t.${owner.name} = ${areaId}`);
  return {
    ...columns,
    translatedLanguages: sql<string[]>`coalesce(
      (select array_agg(t.language_code order by t.language_code) ${ofThisArea}),
      '{}'::text[])`,
    sourceVersion: table.sourceVersion,
    text: sql<VersionMap | null>`(select json_object_agg(t.language_code, t.source_version) ${ofThisArea})`,
    failures: failuresJson(kind, id),
    job: jobJson(kind, id),
  };
}

const adminCityColumns = adminColumns('city', cityColumns);
const adminCountryColumns = adminColumns('country', countryColumns);

/**
 * A new city's or country's description is the AI's (the offline writer's at once, or a job's
 * later, which clears it again): only without one is there nothing for a person to review.
 */
const nothingToReview = (description: string) => description.trim() === '';

/**
 * The reads and writes of one kind's own rows, the same for cities and countries but for the table
 * (the admin service's rules take them as they are).
 */
function rowsOf<K extends AreaKind>(kind: K) {
  const table: typeof cities | typeof countries = AREA_TABLES[kind].table;
  return {
    async findRow(db: DbOrTx, id: string): Promise<RowOf<K> | undefined> {
      const rows = await db.select().from(table).where(eq(table.id, id)).limit(1);
      return rows[0] as RowOf<K> | undefined;
    },

    /** The row as it is now, locked until the transaction ends (an edit compares and writes it). */
    async lockRow(tx: DbOrTx, id: string): Promise<RowOf<K> | undefined> {
      const rows = await tx.select().from(table).where(eq(table.id, id)).for('update');
      return rows[0] as RowOf<K> | undefined;
    },

    /** A new row; `origin`: a model writes its description later, or the offline writer wrote it (decision 032). */
    async insert(db: DbOrTx, values: AreaFields<K> & { slug: string; origin: 'machine' | 'data' }): Promise<RowOf<K>> {
      const [row] = await db
        .insert(table)
        .values({ ...values, reviewed: nothingToReview(values.description) })
        .returning();
      return row as RowOf<K>;
    },

    /** Saves the edit; a changed name or description makes a new source version (translations are then outdated). */
    async updateRow(db: DbOrTx, id: string, values: AreaFields<K>, textChanged: boolean): Promise<void> {
      await db
        .update(table)
        // a person's edit of the English counts as a review (migration 0013) and makes it theirs (0016)
        .set({
          ...values,
          reviewed: true,
          ...(textChanged ? { sourceVersion: sql`${table.sourceVersion} + 1`, origin: 'person' as const } : {}),
        })
        .where(eq(table.id, id));
    },

    /**
     * Deletes the row; its translations go with it (foreign key cascade), a city's places and a
     * country's cities and places stay. Answers its picture, or undefined when there was no such row.
     */
    async deleteRow(db: DbOrTx, id: string): Promise<{ imageUrl: string } | undefined> {
      const rows = await db.delete(table).where(eq(table.id, id)).returning({ imageUrl: table.imageUrl });
      return rows[0];
    },
  };
}

/** Each kind's own rows: `areaRows[kind].findRow(db, id)`. */
export const areaRows = { city: rowsOf('city'), country: rowsOf('country') };

// Cities

/** Every city, alphabetically by country then name, with the languages it is translated into. */
export function listAdminCities(db: DbOrTx): Promise<AdminRowOf<AdminCityDto>[]> {
  return db.select(adminCityColumns).from(cities).orderBy(asc(cities.country), asc(cities.name), asc(cities.id));
}

export async function findAdminCity(db: DbOrTx, id: string): Promise<AdminRowOf<AdminCityDto> | undefined> {
  const rows = await db.select(adminCityColumns).from(cities).where(eq(cities.id, id)).limit(1);
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

/**
 * Places of a renamed city follow it, so the city keeps its places and does not reappear as
 * missing. Their translations name the old city, so each place gets a new source version; with
 * `enqueue`, those that have translations get a job to bring them up to date.
 */
export async function movePlacesOfCity(
  db: DbOrTx,
  from: { name: string; country: string },
  to: { name: string; country: string },
  enqueue: boolean,
): Promise<void> {
  await db
    .update(places)
    .set({ location: to.name, country: to.country, sourceVersion: sql`${places.sourceVersion} + 1` })
    .where(and(eq(places.location, from.name), eq(places.country, from.country)));
  if (enqueue) await enqueueTranslatedPlaces(db, and(eq(places.location, to.name), eq(places.country, to.country))!);
}

// Countries

export function listAdminCountries(db: DbOrTx): Promise<AdminRowOf<AdminCountryDto>[]> {
  return db.select(adminCountryColumns).from(countries).orderBy(asc(countries.name), asc(countries.id));
}

export async function findAdminCountry(db: DbOrTx, id: string): Promise<AdminRowOf<AdminCountryDto> | undefined> {
  const rows = await db.select(adminCountryColumns).from(countries).where(eq(countries.id, id)).limit(1);
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

/**
 * Cities and places of a renamed country follow it, so the country keeps them. A place's
 * translations name its country, so each place gets a new source version (and, with `enqueue`, a
 * job when it has translations); a city's translations do not, so cities keep theirs as they are.
 */
export async function moveCountryReferences(db: DbOrTx, from: string, to: string, enqueue: boolean): Promise<void> {
  await db.update(cities).set({ country: to }).where(eq(cities.country, from));
  await db
    .update(places)
    .set({ country: to, sourceVersion: sql`${places.sourceVersion} + 1` })
    .where(eq(places.country, from));
  if (enqueue) await enqueueTranslatedPlaces(db, eq(places.country, to));
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

// Translation jobs

/** What a translation job reads about a city or country: its English text and its translations' versions. */
export interface AreaTranslationSource {
  id: string;
  name: string;
  /** The city's country; undefined for a country. */
  country?: string;
  description: string;
  sourceVersion: number;
  /** Language -> version of its stored translation. */
  translations: Map<string, StoredVersion>;
}

export async function findAreaTranslationSource(
  db: DbOrTx,
  type: AreaKind,
  id: string,
): Promise<AreaTranslationSource | undefined> {
  // a city's row is a country's with its country
  const row: (CountryRow & { country?: string }) | undefined = await areaRows[type].findRow(db, id);
  if (!row) return undefined;
  const translations = await translationVersions(db, AREA_TABLES[type].translations, AREA_TABLES[type].owner, id);
  const { name, description, sourceVersion } = row;
  return { id, name, country: row.country, description, sourceVersion, translations };
}

/**
 * Stores a translation made from `sourceVersion`, unless one made from a newer version is already
 * there: a slow job never overwrites a newer state.
 */
export async function saveAreaTranslation(
  db: DbOrTx,
  type: AreaKind,
  id: string,
  row: AreaTranslationRow,
  sourceVersion: number,
): Promise<void> {
  // a machine's text: no person has read it yet (migration 0013)
  const set = { name: row.name, description: row.description, sourceVersion, reviewed: false };
  if (type === 'city') {
    const cityRow = { cityId: id, ...row, sourceVersion };
    await saveTranslation(db, 'machine', cityTranslations, cityTranslations.cityId, cityRow, set);
    return;
  }
  const countryRow = { countryId: id, ...row, sourceVersion };
  await saveTranslation(db, 'machine', countryTranslations, countryTranslations.countryId, countryRow, set);
}

/**
 * The AI's description of a city or country created without one: written only while the
 * description is still empty (an administrator's own text always wins), as a new source version.
 * Answers whether it was written.
 */
export async function writeAreaDescription(db: DbOrTx, type: AreaKind, id: string, description: string) {
  const table = type === 'city' ? cities : countries;
  const rows = await db
    .update(table)
    .set({ description, sourceVersion: sql`${table.sourceVersion} + 1`, reviewed: false, origin: 'machine' })
    .where(and(eq(table.id, id), eq(table.description, '')))
    .returning({ id: table.id });
  return rows.length > 0;
}
