import { NEAR_TARGETS, NEAR_TARGETS_RADIUS_M, type NearPlacesResponse } from '../../shared/api/photo-grouping';
import type { Database } from '../db/client';
import { placesAround } from '../db/repos/near-places-repo';
import { byDistance, groupTarget, type Point } from './grouping-rule';
import type { PublishingService } from './publishing';

/**
 * Photos of one spot become one place (docs/decisions/027-photo-grouping.md): the place an upload
 * joins by itself, and the places the Upload screen offers to join.
 */
export function createPhotoGroupingService({
  db,
  publishing,
}: {
  db: Database;
  publishing: Pick<PublishingService, 'groupWithinMeters'>;
}) {
  return {
    /** The nearest place within the grouping distance of `at`, if any (never when grouping is off). */
    async targetFor(at: Point) {
      const within = await publishing.groupWithinMeters();
      if (within <= 0) return undefined;
      return groupTarget(await placesAround(db, at, within, NEAR_TARGETS), at, within);
    },

    /** Up to NEAR_TARGETS places within NEAR_TARGETS_RADIUS_M of `at`, nearest first. */
    async near(at: Point): Promise<NearPlacesResponse> {
      const [within, rows] = await Promise.all([
        publishing.groupWithinMeters(),
        placesAround(db, at, NEAR_TARGETS_RADIUS_M, NEAR_TARGETS),
      ]);
      const places = byDistance(rows, at)
        .filter((row) => row.distanceMeters <= NEAR_TARGETS_RADIUS_M)
        .map(({ id, slug, title, location, country, state, distanceMeters }) => ({
          id,
          slug,
          title,
          location,
          country,
          state,
          distanceMeters: Math.round(distanceMeters),
        }));
      return { groupWithinMeters: within, places };
    },
  };
}

export type PhotoGroupingService = ReturnType<typeof createPhotoGroupingService>;
