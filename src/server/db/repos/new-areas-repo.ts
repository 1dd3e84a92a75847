import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PlaceState } from '@/shared/api/publishing';
import type { DbOrTx } from '../client';
import { places, settings } from '../schema';
import { getSetting } from './auth-repo';

const NEW_AREAS = 'new_areas';

/** The stored choice of what publishing in a town without a page does, if the admin has made one. */
export const readNewAreas = (db: DbOrTx): Promise<string | undefined> => getSetting(db, NEW_AREAS);

export async function writeNewAreas(db: DbOrTx, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key: NEW_AREAS, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** A place's state and town: what decides whether a write brings it into a town without a page. */
export interface PlaceTown {
  state: PlaceState;
  location: string;
  country: string;
}

export async function findPlaceTown(db: DbOrTx, id: string): Promise<PlaceTown | undefined> {
  const rows = await db
    .select({ state: places.state, location: places.location, country: places.country })
    .from(places)
    .where(eq(places.id, id));
  return rows[0];
}

/**
 * Until the transaction ends, no other one creates a page for this country or its cities: two
 * places of one new town published at the same moment make one city. Keyed by the name in lower
 * case, as cities and countries are compared.
 */
export async function lockAreasOf(tx: DbOrTx, country: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`new-areas\n${country.toLowerCase()}`}))`);
}

const published = eq(places.state, 'published');
/** What an upload stores where no town or country could be found (services/uploads.ts): no page for those. */
const NOT_FOUND_NAMES = ['Unknown location', 'Unknown country'];
const named = (column: typeof places.location | typeof places.country) =>
  sql`(btrim(${column}) <> '' and ${column} not in (${sql.join(
    NOT_FOUND_NAMES.map((name) => sql`${name}`),
    sql`, `,
  )}))`;

/**
 * No city of that name in that country, not even in the trash (deleting it was the owner's
 * decision: restoring it from the Trash brings it back). Names compare without case, as Add City
 * does. The outer place's columns are named in full: Drizzle leaves columns unqualified in a
 * single-table select, where "country" inside the subquery would mean the city's.
 */
const cityMissing = sql.raw(`not exists (select 1 from cities c
    where lower(c.name) = lower("places"."location") and lower(c.country) = lower("places"."country"))
  and not exists (select 1 from trash t where t.kind = 'city' and lower(t.title) = lower("places"."location")
    and lower(t.snapshot -> 'row' ->> 'country') = lower("places"."country"))`);
const countryMissing = sql.raw(`not exists (select 1 from countries c where lower(c.name) = lower("places"."country"))
  and not exists (select 1 from trash t where t.kind = 'country' and lower(t.title) = lower("places"."country"))`);

/** The photo of the town's first published place: its page's picture, as Add City preselects it. */
const firstPhoto = sql<string>`(array_agg(${places.imageUrl} order by ${places.createdAt}, ${places.id}))[1]`;

/** Narrows the search to one place (a write in progress), or none for every published place. */
export interface TownFilter {
  placeId?: string;
}
const onlyPlace = (filter: TownFilter): SQL | undefined =>
  filter.placeId === undefined ? undefined : eq(places.id, filter.placeId);

/** Towns of published places without a city page, by country and name, at most `limit`. */
export function listTownsWithoutCity(db: DbOrTx, filter: TownFilter, limit: number) {
  return db
    .select({ name: places.location, country: places.country, imageUrl: firstPhoto })
    .from(places)
    .where(and(published, named(places.location), named(places.country), cityMissing, onlyPlace(filter)))
    .groupBy(places.location, places.country)
    .orderBy(asc(places.country), asc(places.location))
    .limit(limit);
}

/** Countries of published places without a country page, by name, at most `limit`. */
export function listCountriesWithoutPage(db: DbOrTx, filter: TownFilter, limit: number) {
  return db
    .select({ name: places.country, imageUrl: firstPhoto })
    .from(places)
    .where(and(published, named(places.country), countryMissing, onlyPlace(filter)))
    .groupBy(places.country)
    .orderBy(asc(places.country))
    .limit(limit);
}

/** How many towns and countries of published places have no page (the dashboard's one-time action). */
export async function countWithoutPage(db: DbOrTx): Promise<{ cities: number; countries: number }> {
  const [row] = await db
    .select({
      cities: sql<number>`(select count(*)::int from (select distinct ${places.location}, ${places.country}
        from ${places} where ${and(published, named(places.location), named(places.country), cityMissing)}) as towns)`,
      countries: sql<number>`(select count(distinct ${places.country})::int
        from ${places} where ${and(published, named(places.country), countryMissing)})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { cities: 0, countries: 0 };
}
