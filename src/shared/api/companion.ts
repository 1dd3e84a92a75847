import { z } from 'zod';
import { SAVED_PLACES_MAX } from '../saved-places';
import { langParam, slugParam } from './common';

/** How many places "Near me" lists. */
export const NEAR_ME_PLACES = 10;
/** How far "Near me" looks (metres): farther than 1,000 km is not near. */
export const NEAR_ME_RADIUS_M = 1_000_000;
/** Place ids one GPX or KML download of a visitor's own list may name: as many as a device saves. */
export const EXPORT_MAX_IDS = SAVED_PLACES_MAX;

/**
 * POST /api/near-me: the visitor's position, in the body so that it appears in no address, log
 * line or cache key (docs/decisions/022-companion-exports.md). Answered with nearbyPlaceDto[].
 */
export const nearMeBody = z.object({
  latitude: z.number().min(-90, 'latitude must be from -90 to 90').max(90, 'latitude must be from -90 to 90'),
  longitude: z.number().min(-180, 'longitude must be from -180 to 180').max(180, 'longitude must be from -180 to 180'),
  lang: langParam.max(20).optional(),
});
export type NearMeBody = z.infer<typeof nearMeBody>;

/** /{lang}/{slug}/places.{gpx,kml} and /{lang}/{country}/feed.xml */
export const companionSlugParams = z.object({ lang: langParam, slug: slugParam });
/** /{lang}/places.{gpx,kml}?ids=a,b,c: a visitor's own list of places (the Saved page). */
export const exportIdsQuery = z.object({
  ids: z
    .string()
    .max(EXPORT_MAX_IDS * 37)
    .refine((value) => value.split(',').filter(Boolean).length <= EXPORT_MAX_IDS, {
      message: `at most ${EXPORT_MAX_IDS} place ids, separated by commas`,
    }),
});
