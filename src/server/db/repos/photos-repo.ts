import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { photos, places } from '../schema';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhoto = typeof photos.$inferInsert;
export type NewPlace = typeof places.$inferInsert;

/**
 * The photo with this content hash (of the whole file) or image hash (of its image data without
 * metadata), and its place's main image; undefined when there is none.
 */
export async function findPhotoByHash(db: DbOrTx, hash: { contentHash: string } | { imageHash: string }) {
  const rows = await db
    .select({
      photo: photos,
      place: { id: places.id, slug: places.slug, state: places.state, imageUrl: places.imageUrl },
    })
    .from(photos)
    .innerJoin(places, eq(places.id, photos.placeId))
    .where('contentHash' in hash ? eq(photos.contentHash, hash.contentHash) : eq(photos.imageHash, hash.imageHash))
    .limit(1);
  return rows[0];
}

export async function insertPlace(db: DbOrTx, place: NewPlace) {
  const [row] = await db
    .insert(places)
    .values(place)
    .returning({ id: places.id, slug: places.slug, state: places.state });
  return row!;
}

export async function insertPhoto(db: DbOrTx, photo: NewPhoto): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(photo).returning();
  return row!;
}

/**
 * The titles of the places of one town, after waiting for any other upload choosing a title in
 * that town (a lock held until the transaction ends), so two uploads never pick the same one.
 */
export async function lockPlaceTitlesIn(tx: DbOrTx, town: { location: string; country: string }): Promise<Set<string>> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`place-title\n${town.location}\n${town.country}`}))`);
  const rows = await tx
    .select({ title: places.title })
    .from(places)
    .where(and(eq(places.location, town.location), eq(places.country, town.country)));
  return new Set(rows.map((row) => row.title));
}
