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
  lang: LanguageCode | Placeholder;
  limit: number | Placeholder;
}

/** Other published places in a box (conditions on the indexed columns) and within `radius` metres. */
function withinBox(o: NearestOptions, box: SQL | undefined, radius: Value | SQL): SQL | undefined {
  return and(
    box,
    ne(places.id, o.id),
    isPublished(),
    sql`${distanceFrom(o.latitude, o.longitude)} <= ${radius}::float8`,
  );
}

/**
 * Up to `limit` places `where` holds, nearest first, their text in `lang` (English when not
 * translated). The inner query reads the box from the index and measures only the places in it;
 * the outer one joins the few it keeps. `from`: a one-row source the inner query may refer to
 * (it is then joined laterally).
 */
function selectNearest(db: DbOrTx, o: NearestOptions, where: SQL | undefined, from?: SQL) {
  const distance = distanceFrom(o.latitude, o.longitude);
  const nearest = db
    .select({ id: places.id, distanceMeters: distance.as('distance_m') })
    .from(places)
    .where(where)
    .orderBy(asc(distance), asc(places.id))
    .limit(o.limit)
    .as('nearest');
  const fields = {
    id: places.id,
    slug: places.slug,
    ...textIn(near, places, ['title', 'location', 'country']),
    imageUrl: places.imageUrl,
    languageCode: sql<string>`case when ${near.id} is null then 'en' else ${o.lang} end`,
    distanceMeters: nearest.distanceMeters,
  };
  const source = from ? db.select(fields).from(from).crossJoinLateral(nearest) : db.select(fields).from(nearest);
  return source
    .innerJoin(places, eq(places.id, nearest.id))
    .leftJoin(near, and(eq(near.placeId, places.id), eq(near.languageCode, o.lang)))
    .orderBy(asc(nearest.distanceMeters), asc(places.id));
}

/** Up to `limit` other places within `radius` metres of `spot`. */
export function nearestWithin(db: DbOrTx, spot: Spot, radius: number, lang: LanguageCode, limit: number) {
  const o = { ...spot, lang, limit };
  return selectNearest(db, o, withinBox(o, inBox(boxAround(spot.latitude, spot.longitude, radius)), radius));
}

const param = (name: string) => sql.placeholder(name);

/**
 * The search over NEARBY_RADII_M in one statement, prepared once per database handle: a recursive
 * query counts the places in each box in turn (at most `limit`, from the index) and stops at the
 * first box that holds `limit` of them, or at the last; the nearest of that box are then read as
 * `nearestWithin` reads them. One round trip where a radius at a time made one each (three to five
 * on a place page's first render in a city of a few hundred places). Each box is a single
 * longitude range (findNearestPlaces checks); its bounds come as arrays, one entry per radius.
 */
export function nearestInBoxes(db: DbOrTx) {
  const o: NearestOptions = {
    latitude: param('latitude'),
    longitude: param('longitude'),
    id: param('id'),
    lang: param('lang'),
    limit: param('limit'),
  };
  const at = (name: string, index: SQL) => sql`(${param(name)}::float8[])[${index}]`;
  const within = (index: SQL) =>
    withinBox(
      o,
      and(
        between(places.latitude, at('south', index), at('north', index)),
        between(places.longitude, at('west', index), at('east', index)),
      ),
      at('radius', index),
    );
  const holds = (index: SQL) =>
    sql`(select count(*) from (select 1 from ${places} where ${within(index)} limit ${o.limit}) as in_box)`;
  const box = sql`(with recursive step(i, found) as (
      select 1, ${holds(sql`1`)}
      union all
      select step.i + 1, ${holds(sql`step.i + 1`)} from step
      where step.found < ${o.limit} and step.i < cardinality(${param('radius')}::float8[])
    ) select max(step.i) from step)`;
  return selectNearest(db, o, within(sql`chosen.i`), sql`(select ${box} as i) as chosen`);
}

/**
 * The bounds of the box of every radius of `radii` around `spot`, as `nearestInBoxes` takes
 * them; undefined when one of them is not a single longitude range (near a pole or the antimeridian).
 */
export function boxesAround(spot: Spot, radii: readonly number[] = NEARBY_RADII_M) {
  const boxes = radii.map((radius) => boxAround(spot.latitude, spot.longitude, radius));
  const ranges = boxes.flatMap((box) => (box.longitudes?.length === 1 ? box.longitudes : []));
  if (ranges.length !== boxes.length) return undefined;
  return {
    south: boxes.map((box) => box.south),
    north: boxes.map((box) => box.north),
    west: ranges.map(([west]) => west),
    east: ranges.map(([, east]) => east),
    radius: [...radii],
  };
}

const nearestInBoxesStatement = preparedOnce((db: DbOrTx) => nearestInBoxes(db).prepare('nearby_places'));

/**
 * Up to `limit` places nearest to `spot` by great-circle distance within the last of `radii`
 * (NEARBY_RADIUS_M for a place's neighbours), from any city, never the place itself: the first
 * radius that holds `limit` of them answers (every place within it is measured, so none outside can
 * be nearer), else the last one with the fewer it holds. Farther places are not near, however few
 * the near ones are.
 */
export async function findNearestPlaces(
  db: DbOrTx,
  spot: Spot,
  lang: LanguageCode,
  limit: number,
  radii: readonly number[] = NEARBY_RADII_M,
): Promise<NearbyRow[]> {
  const boxes = boxesAround(spot, radii);
  if (boxes) return nearestInBoxesStatement(db).execute({ ...spot, ...boxes, lang, limit });
  // Near a pole or the antimeridian a box is every longitude or two ranges: one radius at a time.
  let rows: NearbyRow[] = [];
  for (const radius of radii) {
    rows = await nearestWithin(db, spot, radius, lang, limit);
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
