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

/**
 * The radii tried one after another, up to NEARBY_RADIUS_M: the first box holding enough places
 * ends the search, so a place among thousands in one city reads a few dozen index entries, and a
 * lone place a few more boxes (each an empty index range), never more than the last one. The
 * smallest is 100 m: with 100,000 places in one city a 1 km box held 2,700 places, each measured
 * and sorted on every first render of a place page (65-100 ms under load).
 */
export const NEARBY_RADII_M = [100, 300, 1_000, 5_000, 25_000, NEARBY_RADIUS_M] as const;

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

interface NearestOptions {
  latitude: Value;
  longitude: Value;
  /** The place itself, left out. */
  id: string | Placeholder;
  /** Where to look: conditions on the indexed columns. */
  where: SQL | undefined;
  /** Only places within this many metres. */
  radius: Value;
  lang: LanguageCode | Placeholder;
  limit: number | Placeholder;
}

/**
 * Up to `limit` other places within `radius` metres, nearest first, their text in `lang`
 * (English when not translated). The inner query reads the box from the index and measures only
 * the places in it; the outer one joins the few it keeps.
 */
function selectNearest(db: DbOrTx, o: NearestOptions) {
  const distance = distanceFrom(o.latitude, o.longitude);
  const nearest = db
    .select({ id: places.id, distanceMeters: distance.as('distance_m') })
    .from(places)
    .where(and(o.where, ne(places.id, o.id), isPublished(), sql`${distance} <= ${o.radius}::float8`))
    .orderBy(asc(distance), asc(places.id))
    .limit(o.limit)
    .as('nearest');
  return db
    .select({
      id: places.id,
      slug: places.slug,
      ...textIn(near, places, ['title', 'location', 'country']),
      imageUrl: places.imageUrl,
      languageCode: sql<string>`case when ${near.id} is null then 'en' else ${o.lang} end`,
      distanceMeters: nearest.distanceMeters,
    })
    .from(nearest)
    .innerJoin(places, eq(places.id, nearest.id))
    .leftJoin(near, and(eq(near.placeId, places.id), eq(near.languageCode, o.lang)))
    .orderBy(asc(nearest.distanceMeters), asc(places.id));
}

/** Up to `limit` other places within `radius` metres of `spot`. */
export function nearestWithin(db: DbOrTx, spot: Spot, radius: number, lang: LanguageCode, limit: number) {
  const where = inBox(boxAround(spot.latitude, spot.longitude, radius));
  return selectNearest(db, { ...spot, where, radius, lang, limit });
}

const param = (name: string) => sql.placeholder(name);

/**
 * The common case (one longitude range) as a statement prepared once per database handle: it is
 * on every first render of a place page, and planning the distance expression costs more than
 * running it.
 */
const nearestInBoxStatement = preparedOnce((db: DbOrTx) =>
  selectNearest(db, {
    latitude: param('latitude'),
    longitude: param('longitude'),
    id: param('id'),
    where: and(
      between(places.latitude, param('south'), param('north')),
      between(places.longitude, param('west'), param('east')),
    ),
    radius: param('radius'),
    lang: param('lang'),
    limit: param('limit'),
  }).prepare('nearby_places'),
);

function readNearest(db: DbOrTx, spot: Spot, radius: number, lang: LanguageCode, limit: number): Promise<NearbyRow[]> {
  const box = boxAround(spot.latitude, spot.longitude, radius);
  const range = box.longitudes?.length === 1 ? box.longitudes[0] : undefined;
  if (!range) return nearestWithin(db, spot, radius, lang, limit);
  return nearestInBoxStatement(db).execute({
    latitude: spot.latitude,
    longitude: spot.longitude,
    id: spot.id,
    south: box.south,
    north: box.north,
    west: range[0],
    east: range[1],
    radius,
    lang,
    limit,
  });
}

/**
 * Up to `limit` places nearest to `spot` by great-circle distance within NEARBY_RADIUS_M, from any
 * city, never the place itself: the first radius of NEARBY_RADII_M that holds `limit` of them
 * answers (every place within it is measured, so none outside can be nearer), else the last one
 * with the fewer it holds. Farther places are not near, however few the near ones are.
 */
export async function findNearestPlaces(
  db: DbOrTx,
  spot: Spot,
  lang: LanguageCode,
  limit: number,
): Promise<NearbyRow[]> {
  let rows: NearbyRow[] = [];
  for (const radius of NEARBY_RADII_M) {
    rows = await readNearest(db, spot, radius, lang, limit);
    if (rows.length >= limit) break;
  }
  return rows;
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
