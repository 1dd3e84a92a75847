import { z } from 'zod';

/** How many other places a place page lists under 'Nearby'. */
export const NEARBY_PLACES = 6;

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
