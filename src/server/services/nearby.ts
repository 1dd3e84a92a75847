import { NEARBY_PLACES, type NearbyPlaceDto } from '../../shared/api/nearby';
import { toLanguageCode } from '../../shared/languages';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { findNearestPlaces, findSpot } from '../db/repos/nearby-repo';
import { NotFoundError } from '../errors';
import { localizeNearby } from './localize';

/** The places near a place (within NEARBY_RADIUS_M), from any city ('Nearby' on the place page). */
export function createNearbyService({ db }: { db: Database }) {
  return {
    /**
     * Up to NEARBY_PLACES other places within NEARBY_RADIUS_M, nearest first, in `lang`. `known` is the place when the
     * caller has just read it, which saves reading its position again.
     */
    async nearby(
      placeId: string,
      requestedLang: string | undefined,
      known?: { latitude: number | null; longitude: number | null },
    ): Promise<NearbyPlaceDto[]> {
      const spot = known ?? (isUuid(placeId) ? await findSpot(db, placeId) : undefined);
      if (!spot) throw new NotFoundError('Place not found');
      const { latitude, longitude } = spot;
      if (latitude === null || longitude === null) return [];
      const lang = toLanguageCode(requestedLang);
      const rows = await findNearestPlaces(db, { id: placeId, latitude, longitude }, lang, NEARBY_PLACES);
      return rows.map((row) => localizeNearby(row, lang));
    },
  };
}

export type NearbyService = ReturnType<typeof createNearbyService>;
