import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { photos, places } from '../schema';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhoto = typeof photos.$inferInsert;

/**
 * The photo with this content hash (of the whole file) or image hash (of its image data without
 * metadata), and its place's main image; undefined when there is none.
 */
export async function findPhotoByHash(db: DbOrTx, hash: { contentHash: string } | { imageHash: string }) {
  const rows = await db
    .select({
      photo: photos,
      place: { id: places.id, slug: places.slug, state: places.state, title: places.title, imageUrl: places.imageUrl },
    })
    .from(photos)
    .innerJoin(places, eq(places.id, photos.placeId))
    .where('contentHash' in hash ? eq(photos.contentHash, hash.contentHash) : eq(photos.imageHash, hash.imageHash))
    .limit(1);
  return rows[0];
}

export async function insertPhoto(db: DbOrTx, photo: NewPhoto): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(photo).returning();
  return row!;
}
