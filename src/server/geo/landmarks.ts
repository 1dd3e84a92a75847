import landmarks from './landmarks.json';

/**
 * Well-known landmarks worldwide with the city a traveller would name and the country
 * (landmarks.json): the acceptance set for the offline reverse geocoder (reverse-geocoder.test.ts)
 * and the names nearestLandmark gives. Where two answers are both what people say (New Delhi or
 * Delhi), both are listed.
 */
export interface Landmark {
  name: string;
  latitude: number;
  longitude: number;
  cities: string[];
  country: string;
}

export const LANDMARKS: readonly Landmark[] = landmarks;

/** A photo this close to a landmark is taken to show it (the size of a large square or palace). */
export const LANDMARK_RADIUS_KM = 0.35;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(latitude1: number, longitude1: number, latitude2: number, longitude2: number): number {
  const dLat = radians(latitude2 - latitude1);
  const dLon = radians(longitude2 - longitude1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(latitude1)) * Math.cos(radians(latitude2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The named landmark nearest to a point, if one is within `maxKm`. */
export function nearestLandmark(latitude: number, longitude: number, maxKm = LANDMARK_RADIUS_KM): Landmark | undefined {
  let best: { landmark: Landmark; km: number } | undefined;
  for (const landmark of LANDMARKS) {
    const km = distanceKm(latitude, longitude, landmark.latitude, landmark.longitude);
    if (km <= maxKm && (!best || km < best.km)) best = { landmark, km };
  }
  return best?.landmark;
}
