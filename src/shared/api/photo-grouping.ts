import { z } from 'zod';
import { coordinateText, LATITUDE_ERROR, LONGITUDE_ERROR } from './uploads';
import { placeState } from './publishing';

/** How many places the Upload screen offers as targets for a photo, nearest first. */
export const NEAR_TARGETS = 5;
/** How far those targets may be, in metres: the same square or street, not the next district. */
export const NEAR_TARGETS_RADIUS_M = 2_000;

/** GET /api/admin/places/near?lat=&lng=: decimal degrees, as the photo's GPS gives them. */
export const nearPlacesQuery = z.object({
  lat: coordinateText(90, LATITUDE_ERROR),
  lng: coordinateText(180, LONGITUDE_ERROR),
});

const nearPlace = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  location: z.string(),
  country: z.string(),
  state: placeState,
  distanceMeters: z.number(),
});

/**
 * The places a photo taken there could join (at most NEAR_TARGETS, within NEAR_TARGETS_RADIUS_M,
 * drafts too), nearest first, and the grouping distance: an upload joins the first of them by
 * itself when it is that near.
 */
export const nearPlacesResponse = z.object({
  groupWithinMeters: z.number(),
  places: z.array(nearPlace).max(NEAR_TARGETS),
});
export type NearPlacesResponse = z.infer<typeof nearPlacesResponse>;
