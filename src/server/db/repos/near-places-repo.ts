import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { PlaceState } from '@/shared/api/publishing';
import type { DbOrTx } from '../client';
import { places } from '../schema';
import { boxAround, distanceFrom, inBox } from './nearby-repo';

/** A place near a photo, as the upload's grouping and the Upload screen's choice of targets read it. */
export interface NearPlaceRow {
  id: string;
  slug: string | null;
  title: string;
  location: string;
  country: string;
  state: PlaceState;
  imageUrl: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Up to `limit` places of any state (drafts too: an offline upload is one) in the box holding every
 * point within `radius` metres of the position, nearest first. Places without a position are never
 * read. The box comes from the latitude/longitude index; which of these is near enough is the
 * grouping rule's to decide (services/grouping-rule.ts).
 */
export function placesAround(
  db: DbOrTx,
  at: { latitude: number; longitude: number },
  radius: number,
  limit: number,
): Promise<NearPlaceRow[]> {
  const distance = distanceFrom(at.latitude, at.longitude);
  return db
    .select({
      id: places.id,
      slug: places.slug,
      title: places.title,
      location: places.location,
      country: places.country,
      state: places.state,
      imageUrl: places.imageUrl,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .where(
      and(isNotNull(places.latitude), isNotNull(places.longitude), inBox(boxAround(at.latitude, at.longitude, radius))),
    )
    .orderBy(asc(distance), asc(places.id))
    .limit(limit);
}

/** The place a photo is added to by choice, as the upload's answer names it; undefined when there is none. */
export async function findTargetPlace(
  db: DbOrTx,
  id: string,
): Promise<Pick<NearPlaceRow, 'id' | 'slug' | 'title' | 'state' | 'latitude' | 'longitude'> | undefined> {
  const rows = await db
    .select({
      id: places.id,
      slug: places.slug,
      title: places.title,
      state: places.state,
      latitude: places.latitude,
      longitude: places.longitude,
    })
    .from(places)
    .where(eq(places.id, id))
    .limit(1);
  return rows[0];
}
