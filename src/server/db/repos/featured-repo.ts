import { and, asc, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FeaturedScope } from '@/shared/api/featured';
import type { DbOrTx } from '../client';
import { cities, countries, featuredPlaces, places, trash } from '../schema';

/** The home page's pins have no area: this id stands for it. */
export const HOME_AREA_ID = '00000000-0000-0000-0000-000000000000';

/** Which places belong to a pin's page: a city's (its name and country), a country's, or any (home). */
export interface FeaturedArea {
  scope: FeaturedScope;
  id: string;
  location?: string;
  country?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The places of an area (drafts too): the city's location and country, the country's, or every place. */
function inArea(area: FeaturedArea): SQL | undefined {
  return and(
    area.location !== undefined ? eq(places.location, area.location) : undefined,
    area.country !== undefined ? eq(places.country, area.country) : undefined,
  );
}

/** A city or country by id, as the area its pins belong to; undefined when there is none. */
export async function findArea(
  db: DbOrTx,
  scope: 'city' | 'country',
  id: string,
): Promise<(FeaturedArea & { name: string }) | undefined> {
  if (scope === 'city') {
    const [city] = await db
      .select({ name: cities.name, country: cities.country })
      .from(cities)
      .where(eq(cities.id, id));
    return city && { scope, id, name: city.name, location: city.name, country: city.country };
  }
  const [country] = await db.select({ name: countries.name }).from(countries).where(eq(countries.id, id));
  return country && { scope, id, name: country.name, country: country.name };
}

/** The pinned place ids of a page, in the owner's order. */
export async function readPins(db: DbOrTx, scope: FeaturedScope, areaId: string): Promise<string[]> {
  const rows = await db
    .select({ placeId: featuredPlaces.placeId })
    .from(featuredPlaces)
    .where(and(eq(featuredPlaces.scope, scope), eq(featuredPlaces.areaId, areaId)))
    .orderBy(asc(featuredPlaces.position));
  return rows.map((row) => row.placeId);
}

/** Replaces a page's pins by `ids`, in that order (the caller has checked them). */
export async function writePins(tx: DbOrTx, scope: FeaturedScope, areaId: string, ids: readonly string[]) {
  await tx.delete(featuredPlaces).where(and(eq(featuredPlaces.scope, scope), eq(featuredPlaces.areaId, areaId)));
  if (ids.length > 0)
    await tx.insert(featuredPlaces).values(ids.map((placeId, position) => ({ scope, areaId, position, placeId })));
}

/** What a pin's place is now, for the admin's list and the checks of a save. */
export interface PinnedPlaceRow {
  id: string;
  title: string;
  imageUrl: string;
  location: string;
  country: string;
  state: 'draft' | 'published';
}

const pinnedColumns = {
  id: places.id,
  title: places.title,
  imageUrl: places.imageUrl,
  location: places.location,
  country: places.country,
  state: places.state,
};

/** The places among `ids` that exist (a place in the Trash does not), in no order. */
export function findPlaces(db: DbOrTx, ids: readonly string[]): Promise<PinnedPlaceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(pinnedColumns)
    .from(places)
    .where(inArray(places.id, [...ids]));
}

/** The titles of the places among `ids` that wait in the Trash. */
export async function trashedTitles(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: trash.entityId, title: trash.title })
    .from(trash)
    .where(and(eq(trash.kind, 'place'), inArray(trash.entityId, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Places of the area that could be pinned (not `except`), newest first; `q` in the title. */
export function listCandidates(
  db: DbOrTx,
  area: FeaturedArea,
  q: string | undefined,
  except: readonly string[],
  limit: number,
): Promise<PinnedPlaceRow[]> {
  return db
    .select(pinnedColumns)
    .from(places)
    .where(
      and(
        inArea(area),
        except.length > 0 ? notInArray(places.id, [...except]) : undefined,
        q ? ilike(places.title, `%${escapeLike(q)}%`) : undefined,
      ),
    )
    .orderBy(desc(places.date), desc(places.createdAt), desc(places.id))
    .limit(limit);
}

/** The pins visitors see: published places still in the area, in the owner's order. */
export async function shownPins(db: DbOrTx, area: FeaturedArea): Promise<string[]> {
  const rows = await db
    .select({ id: places.id })
    .from(featuredPlaces)
    .innerJoin(places, eq(places.id, featuredPlaces.placeId))
    .where(
      and(
        eq(featuredPlaces.scope, area.scope),
        eq(featuredPlaces.areaId, area.id),
        eq(places.state, 'published'),
        inArea(area),
      ),
    )
    .orderBy(asc(featuredPlaces.position));
  return rows.map((row) => row.id);
}

/**
 * A merge (services/place-merge.ts): the merged place's pins name the place that remains, in the
 * same slot; where that place is pinned already, the merged place's pin stays (hidden while it is
 * in the Trash, back if the merge is undone).
 */
export async function movePinsToPlace(tx: DbOrTx, fromId: string, toId: string): Promise<void> {
  await tx.execute(sql`
    update ${featuredPlaces} f set place_id = ${toId}
    where f.place_id = ${fromId}
      and not exists (
        select 1 from ${featuredPlaces} o
        where o.scope = f.scope and o.area_id = f.area_id and o.place_id = ${toId})`);
}
