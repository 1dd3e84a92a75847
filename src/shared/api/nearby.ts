import { z } from 'zod';

/** How many other places a place page lists under 'Nearby'. */
export const NEARBY_PLACES = 6;
/**
 * How far 'Nearby' reaches, in metres: a day trip, never another country's far side or another
 * continent (the catalogue is a few places per city, in cities far apart).
 */
export const NEARBY_RADIUS_M = 50_000;
/** With fewer nearby places than this, the place page also offers the rest of its country. */
export const NEARBY_FEW = 3;

/**
 * One of the places nearest to a place within NEARBY_RADIUS_M (GET /api/places/:id/nearby), from any city, in the
 * requested language (English as fallback), with its great-circle distance in metres.
 */
export const nearbyPlaceDto = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  imageUrl: z.string(),
  location: z.string(),
  country: z.string(),
  distanceMeters: z.number(),
  /** The language `title` is in: the requested one, or 'en' when it has no translation. */
  languageCode: z.string(),
});
export type NearbyPlaceDto = z.infer<typeof nearbyPlaceDto>;
