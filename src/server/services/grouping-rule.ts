import { distanceKm } from '../geo/landmarks';

/** A point on Earth in decimal degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

/** Anything with a position, which may be missing (a place made before positions were kept). */
export interface Positioned {
  latitude: number | null;
  longitude: number | null;
}

/** Great-circle distance in metres between two points (haversine). */
export const metresBetween = (a: Point, b: Point): number =>
  distanceKm(a.latitude, a.longitude, b.latitude, b.longitude) * 1000;

/** The candidates with a position, each with its distance from `at`, nearest first (ties keep their order). */
export function byDistance<T extends Positioned>(
  candidates: readonly T[],
  at: Point,
): Array<T & { distanceMeters: number }> {
  const measured: Array<T & { distanceMeters: number }> = [];
  for (const candidate of candidates) {
    const { latitude, longitude } = candidate;
    if (latitude === null || longitude === null) continue;
    measured.push({ ...candidate, distanceMeters: metresBetween(at, { latitude, longitude }) });
  }
  return measured.sort((a, b) => a.distanceMeters - b.distanceMeters);
}

/**
 * The place a photo taken at `at` joins (docs/decisions/027-photo-grouping.md): the nearest
 * candidate within `withinMeters` (inclusive), or undefined when none is that near, when grouping
 * is off (0) or when the candidates have no position. Farther photos of the same town stay places
 * of their own: the town plays no part.
 */
export function groupTarget<T extends Positioned>(
  candidates: readonly T[],
  at: Point,
  withinMeters: number,
): (T & { distanceMeters: number }) | undefined {
  if (!(withinMeters > 0)) return undefined;
  const nearest = byDistance(candidates, at)[0];
  return nearest && nearest.distanceMeters <= withinMeters ? nearest : undefined;
}
