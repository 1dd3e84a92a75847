import { and, asc, between, eq, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { NEARBY_RADIUS_M } from '@/shared/limits';
import type { LanguageCode } from '@/shared/languages';
import type { DbOrTx } from '../client';
import { isPublished, jsonObject } from './places-repo';
import { places, placeTranslations } from '../schema';
import { preparedOnce } from './prepared';
import { textIn } from './text-in-language';

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;
const DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

const near = alias(placeTranslations, 'near_tr');
/** The page statement's nearby subquery (nearbyJson): its walk, its places and their text. */
const walk = alias(places, 'nearby_walk');
const nearbyPlace = alias(places, 'nearby_place');
const nearbyTr = alias(placeTranslations, 'nearby_tr');

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
 * (migration 0023; it must stay written exactly as there for the planner to use the index), of
 * `table` (places, or an alias of it).
 */
const sphereOf = ({ latitude, longitude }: { latitude: AnyPgColumn | SQL; longitude: AnyPgColumn | SQL }) =>
  sql`cube(array[cos(radians(${latitude})) * cos(radians(${longitude})), cos(radians(${latitude})) * sin(radians(${longitude})), sin(radians(${latitude}))])`;
const onSphere = sphereOf(places);

/**
 * The index's rows: published places with a position (its WHERE, written out as the planner must
 * see it), of `table` (places, or an alias of it).
 */
const indexedOf = (table: { state: AnyPgColumn; latitude: AnyPgColumn; longitude: AnyPgColumn }) =>
  sql`${table.state} = 'published' and ${table.latitude} is not null and ${table.longitude} is not null`;
const indexed = indexedOf(places);

/** Great-circle metres from a chord of the unit sphere (`2 R asin(chord / 2)`). */
const metresOf = (chord: SQL) =>
  sql<number>`${sql.raw(String(2 * EARTH_RADIUS_M))}::float8 * asin(least(1::float8, ${chord} / 2))`;

/** The straight distance through the unit sphere between two points `metres` apart on the Earth. */
export function chordOf(metres: number): number {
  return 2 * Math.sin(Math.min(metres / EARTH_RADIUS_M, Math.PI) / 2);
}

const param = (name: string) => sql.placeholder(name);
const float = (name: string) => sql`${param(name)}::float8`;

/**
 * Up to `limit` published places within `chord` of (latitude, longitude), nearest first, never the
 * place `id`, their text in `lang` (English when not translated). The inner query takes the
 * `limit` nearest from places_sphere_idx, walked nearest first (a handful of index pages however
 * many places there are); the outer one keeps those within `chord` and joins their text. The
 * distance is not a condition of the walk: a walk filtered by it would read every place beyond it
 * when fewer than `limit` are near, and a box around the point would let the planner read and
 * sort the whole box instead (the cube extension guesses a box's share of rows as a constant).
 */
export function nearestQuery(db: DbOrTx, limit: number) {
  const chord = float('chord');
  // the straight distance through the sphere: what the index walks in order (the point made by the
  // same SQL as a place's, so a place page's nearby places, nearbyJson, are exactly these)
  const chordTo = sql<number>`${onSphere} <-> ${sphereOf({ latitude: float('latitude'), longitude: float('longitude') })}`;
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
  const distance = metresOf(sql`${nearest.chord}`);
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
 * The same as nearestQuery, for the place `of` a statement's row, as a JSON array of NearbyRow (for
 * the place page's one read, place-page-repo.ts): the `limit` published places nearest to it within
 * `radius` metres, nearest first, never itself; none when it has no position. The walk is
 * correlated: for each place read, places_sphere_idx is walked from its position, nearest first.
 */
export function nearbyJson(
  of: typeof places,
  lang: Placeholder,
  limit: number,
  radius = NEARBY_RADIUS_M,
): SQL<NearbyRow[]> {
  const chordTo = sql`${sphereOf(walk)} <-> ${sphereOf(of)}`;
  const chord = sql.raw('nearest.chord');
  const row = jsonObject({
    id: nearbyPlace.id,
    slug: nearbyPlace.slug,
    ...textIn(nearbyTr, nearbyPlace, ['title', 'location', 'country']),
    imageUrl: nearbyPlace.imageUrl,
    languageCode: sql`case when ${nearbyTr.id} is null then 'en' else ${lang} end`,
    distanceMeters: metresOf(chord),
  });
  return sql<NearbyRow[]>`(select coalesce(json_agg(${row} order by ${chord}, ${nearbyPlace.id}), '[]'::json)
    from (select ${walk.id} as id, ${chordTo} as chord from ${places} ${walk}
          where ${indexedOf(walk)}
            and ${walk.id} <> ${of.id} and ${of.latitude} is not null and ${of.longitude} is not null
          order by ${chordTo} limit ${sql.raw(String(Math.trunc(limit)))}) nearest
    join ${places} ${nearbyPlace} on ${nearbyPlace.id} = nearest.id
    left join ${placeTranslations} ${nearbyTr} on ${nearbyTr.placeId} = ${nearbyPlace.id} and ${nearbyTr.languageCode} = ${lang}
    where ${chord} <= ${sql.raw(String(chordOf(radius)))}::float8)`;
}

/**
 * nearestQuery as a statement prepared once per database handle and limit (GET
 * /api/places/:id/nearby and "Near me" ask for different numbers).
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
  const { latitude, longitude } = spot;
  return nearestStatement(db, limit).execute({ latitude, longitude, chord: chordOf(radius), id: spot.id, lang });
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
