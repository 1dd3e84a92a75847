import { and, asc, between, eq, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { NEARBY_RADIUS_M } from '@/shared/limits';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { isPublished } from './places-repo';
import { places, placeTranslations } from '../schema';
import { preparedOnce } from './prepared';
import { textIn } from './text-in-language';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
const DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

const near = alias(placeTranslations, 'near_tr');

export interface Spot {
  id: string;
  latitude: number;
  longitude: number;
}

export interface NearbyRow {
  id: string;
  slug: string | null;
  title: string;
  imageUrl: string;
  location: string;
  country: string;
  languageCode: string;
  distanceMeters: number;
}

type Value = number | Placeholder;

/** Great-circle distance in metres from (latitude, longitude) to a place's position (haversine). */
export function distanceFrom(latitude: Value, longitude: Value): SQL<number> {
  return sql<number>`(${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${places.latitude} - ${latitude}::float8) / 2), 2)
    + cos(radians(${latitude}::float8)) * cos(radians(${places.latitude}))
      * power(sin(radians(${places.longitude} - ${longitude}::float8) / 2), 2)))))`;
}

/** A latitude band and the longitude ranges within it (null: every longitude). */
export interface Box {
  south: number;
  north: number;
  longitudes: Array<[number, number]> | null;
}

/**
 * The latitude/longitude box around a point that holds every point within `radius` metres: split
 * in two across the antimeridian, every longitude when the circle reaches a pole.
 */
export function boxAround(latitude: number, longitude: number, radius: number): Box {
  const angular = radius / EARTH_RADIUS_M;
  const dLat = radius / DEGREE_M;
  const south = Math.max(latitude - dLat, -90);
  const north = Math.min(latitude + dLat, 90);
  const reach = Math.sin(angular) / Math.cos((latitude * Math.PI) / 180);
  if (south <= -90 || north >= 90 || angular >= Math.PI / 2 || reach >= 1) return { south, north, longitudes: null };
  const dLon = (Math.asin(reach) * 180) / Math.PI;
  const west = longitude - dLon;
  const east = longitude + dLon;
  if (west < -180)
    return {
      south,
      north,
      longitudes: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      south,
      north,
      longitudes: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { south, north, longitudes: [[west, east]] };
}

/** The box as conditions on the indexed columns (places_lat_lon_idx). */
export function inBox(box: Box): SQL | undefined {
  const latitudes = between(places.latitude, box.south, box.north);
  if (!box.longitudes) return latitudes;
  return and(latitudes, or(...box.longitudes.map(([west, east]) => between(places.longitude, west, east))));
}

/**
 * A place's position as a point on the unit sphere: the expression places_sphere_idx indexes
 * (migration 0023; it must stay written exactly as there for the planner to use the index).
 */
const onSphere = sql`cube(array[cos(radians(${places.latitude})) * cos(radians(${places.longitude})), cos(radians(${places.latitude})) * sin(radians(${places.longitude})), sin(radians(${places.latitude}))])`;

/** The index's rows: published places with a position (its WHERE, written out as the planner must see it). */
const indexed = sql`${places.state} = 'published' and ${places.latitude} is not null and ${places.longitude} is not null`;

/** A point on the unit sphere. */
export function sphereAt(latitude: number, longitude: number): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/** The straight distance through the unit sphere between two points `metres` apart on the Earth. */
export function chordOf(metres: number): number {
  return 2 * Math.sin(Math.min(metres / EARTH_RADIUS_M, Math.PI) / 2);
}

const param = (name: string) => sql.placeholder(name);
const float = (name: string) => sql`${param(name)}::float8`;

/**
 * Up to `limit` published places within `chord` of the point (x, y, z), nearest first, never the
 * place `id`, their text in `lang` (English when not translated). The inner query takes the
 * `limit` nearest from places_sphere_idx, walked nearest first (a handful of index pages however
 * many places there are); the outer one keeps those within `chord` and joins their text. The
 * distance is not a condition of the walk: a walk filtered by it would read every place beyond it
 * when fewer than `limit` are near, and a box around the point would let the planner read and
 * sort the whole box instead (the cube extension guesses a box's share of rows as a constant).
 */
export function nearestQuery(db: DbOrTx, limit: number) {
  const [x, y, z, chord] = [float('x'), float('y'), float('z'), float('chord')];
  // the straight distance through the sphere: what the index walks in order
  const chordTo = sql<number>`${onSphere} <-> cube(array[${x}, ${y}, ${z}])`;
  const nearest = db
    .select({ id: places.id, chord: chordTo.as('chord') })
    .from(places)
    .where(and(indexed, ne(places.id, param('id'))))
    .orderBy(chordTo)
    // Written into the statement, not a parameter (drizzle makes a number one): for an unknown
    // limit a generic plan guesses 500 rows and joins them by reading every place, and PostgreSQL
    // then plans the statement again on every run. An SQL fragment is what drizzle writes as is.
    .limit(sql.raw(String(Math.trunc(limit))) as unknown as number)
    .as('nearest');
  // great-circle metres from the chord
  const distance = sql<number>`${2 * EARTH_RADIUS_M}::float8 * asin(least(1::float8, ${nearest.chord} / 2))`;
  return db
    .select({
      id: places.id,
      slug: places.slug,
      ...textIn(near, places, ['title', 'location', 'country']),
      imageUrl: places.imageUrl,
      languageCode: sql<string>`case when ${near.id} is null then 'en' else ${param('lang')} end`,
      distanceMeters: distance,
    })
    .from(nearest)
    .innerJoin(places, eq(places.id, nearest.id))
    .leftJoin(near, and(eq(near.placeId, places.id), eq(near.languageCode, param('lang'))))
    .where(sql`${nearest.chord} <= ${chord}`)
    .orderBy(asc(nearest.chord), asc(places.id));
}

/**
 * nearestQuery as a statement prepared once per database handle and limit (a place page's nearby
 * and "Near me" ask for different numbers): it is on every first render of a place page.
 */
const nearestStatements = new Map<number, ReturnType<typeof preparedStatement>>();
const preparedStatement = (limit: number) =>
  preparedOnce((db: DbOrTx) => nearestQuery(db, limit).prepare(`nearest_places_${limit}`));
function nearestStatement(db: DbOrTx, limit: number) {
  let statement = nearestStatements.get(limit);
  if (!statement) nearestStatements.set(limit, (statement = preparedStatement(limit)));
  return statement(db);
}

/**
 * Up to `limit` published places nearest to `spot` by great-circle distance within `radius`
 * metres, nearest first, from any city, never the place `spot.id`: one statement, one short walk
 * of places_sphere_idx however many places are near or how few.
 */
export function findNearestPlaces(
  db: DbOrTx,
  spot: Spot,
  lang: LanguageCode,
  limit: number,
  radius: number = NEARBY_RADIUS_M,
): Promise<NearbyRow[]> {
  const [x, y, z] = sphereAt(spot.latitude, spot.longitude);
  return nearestStatement(db, limit).execute({ x, y, z, chord: chordOf(radius), id: spot.id, lang });
}

/** A published place's position by id, or undefined when visitors have no such place. */
export async function findSpot(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; latitude: number | null; longitude: number | null } | undefined> {
  const rows = await db
    .select({ id: places.id, latitude: places.latitude, longitude: places.longitude })
    .from(places)
    .where(and(eq(places.id, id), isPublished()))
    .limit(1);
  return rows[0];
}
