import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  galleryImages,
  galleryImageTexts,
  photos,
  placeFacts,
  placeHistory,
  places,
  placeTranslations,
  revisions,
  slugRedirects,
  trash,
} from '../schema';
import { nextPosition } from './gallery-repo';

/**
 * The rows a merge moves between two places and puts back on undo
 * (docs/decisions/028-merge-and-split.md). The merged place's snapshot, with what the merge did,
 * waits in the trash; everything else is ordinary rows moving from one place to the other.
 */

export type PlaceRow = typeof places.$inferSelect;
type TranslationRow = typeof placeTranslations.$inferSelect;

/** Both places, locked for the transaction in one order (two merges of the same pair never deadlock). */
export async function lockPlaces(tx: DbOrTx, ids: string[]): Promise<PlaceRow[]> {
  return tx.select().from(places).where(inArray(places.id, ids)).orderBy(asc(places.id)).for('update');
}

/** The title of a place waiting in the trash, or undefined. */
export async function trashedPlaceTitle(tx: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ title: trash.title })
    .from(trash)
    .where(and(eq(trash.kind, 'place'), eq(trash.entityId, id)));
  return row?.title;
}

/** Moves every gallery photo of `from` to the end of `to`'s gallery, in their order; answers their ids. */
export async function moveGallery(tx: DbOrTx, from: string, to: string): Promise<string[]> {
  const moved = await tx
    .update(galleryImages)
    .set({ placeId: to, position: sql`${galleryImages.position} + ${nextPosition(to)}` })
    .where(eq(galleryImages.placeId, from))
    .returning({ id: galleryImages.id });
  return moved.map((row) => row.id);
}

/** A place's photo becomes a gallery photo of `placeId`, last, with its English caption and alt text. */
export async function insertGalleryPhoto(
  tx: DbOrTx,
  placeId: string,
  image: { imageUrl: string; originalImagePath: string | null },
  english: { caption: string; alt: string },
): Promise<string> {
  const [row] = await tx
    .insert(galleryImages)
    .values({ placeId, ...image, position: nextPosition(placeId) })
    .returning({ id: galleryImages.id });
  await tx.insert(galleryImageTexts).values({ imageId: row!.id, languageCode: 'en', ...english });
  return row!.id;
}

/** The uploaded photos' rows (EXIF, position, fingerprints) of `ids` belong to `placeId` from now on. */
export async function movePhotos(tx: DbOrTx, ids: string[], placeId: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(photos).set({ placeId }).where(inArray(photos.id, ids));
}

/** A place's translation in one language, replaced by (or set to) `row`. */
export async function putTranslation(tx: DbOrTx, row: Omit<TranslationRow, 'id'>): Promise<void> {
  await tx
    .delete(placeTranslations)
    .where(and(eq(placeTranslations.placeId, row.placeId), eq(placeTranslations.languageCode, row.languageCode)));
  await tx.insert(placeTranslations).values(row);
}

/** A place's history or trivia in every language replaced by `rows` (already naming the place). */
export async function putPart(
  tx: DbOrTx,
  part: 'history' | 'facts',
  placeId: string,
  rows: Array<Omit<typeof placeHistory.$inferSelect, 'id'> | Omit<typeof placeFacts.$inferSelect, 'id'>>,
): Promise<void> {
  const table = part === 'history' ? placeHistory : placeFacts;
  await tx.delete(table).where(eq(table.placeId, placeId));
  if (rows.length === 0) return;
  if (part === 'history') await tx.insert(placeHistory).values(rows as (typeof placeHistory.$inferInsert)[]);
  else await tx.insert(placeFacts).values(rows as (typeof placeFacts.$inferInsert)[]);
}

/**
 * `from` and every old address that forwarded to it answer 301 to `to` from now on. Answers the old
 * addresses that forwarded to `from` (an undo points them back).
 */
export async function forwardAddress(tx: DbOrTx, from: string, to: string): Promise<string[]> {
  const forwarded = await tx
    .update(slugRedirects)
    .set({ targetSlug: to })
    .where(eq(slugRedirects.targetSlug, from))
    .returning({ slug: slugRedirects.slug });
  await tx
    .insert(slugRedirects)
    .values({ slug: from, targetSlug: to })
    .onConflictDoUpdate({ target: slugRedirects.slug, set: { targetSlug: to } });
  return forwarded.map((row) => row.slug);
}

/** An address that forwarded answers no more (it is about to belong to a page again). */
export async function dropRedirect(tx: DbOrTx, slug: string): Promise<void> {
  await tx.delete(slugRedirects).where(eq(slugRedirects.slug, slug));
}

/** These old addresses forward to `to` (again). */
export async function pointRedirects(tx: DbOrTx, slugs: string[], to: string): Promise<void> {
  if (slugs.length === 0) return;
  await tx.update(slugRedirects).set({ targetSlug: to }).where(inArray(slugRedirects.slug, slugs));
}

/** Deletes a place's row: its translations, history and trivia go with it (its photos and gallery moved first). */
export async function deletePlace(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(places).where(eq(places.id, id));
}

/** The newest revision of a place (the one a merge just wrote). */
export async function newestRevisionId(tx: DbOrTx, placeId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.entityType, 'place'), eq(revisions.entityId, placeId)))
    .orderBy(desc(revisions.id))
    .limit(1);
  return row?.id;
}

/** How many merges into one place the History lists at most (each waits in the trash for 30 days). */
const MERGES_LISTED = 50;

/** The places merged into `placeId` that wait in the trash (can be undone), newest first. */
export function listMergesInto(db: DbOrTx, placeId: string) {
  return db
    .select({ entityId: trash.entityId, title: trash.title, deletedAt: trash.deletedAt, snapshot: trash.snapshot })
    .from(trash)
    .where(and(eq(trash.kind, 'place'), sql`${trash.snapshot} -> 'merge' ->> 'into' = ${placeId}`))
    .orderBy(desc(trash.deletedAt), desc(trash.id))
    .limit(MERGES_LISTED);
}

/**
 * Gallery rows of `placeId` that came from the merged place (by id) or show one of its pictures
 * (after the cover was swapped with one): they leave the place on undo. Answers their pictures.
 */
export async function removeGalleryRows(tx: DbOrTx, placeId: string, ids: string[], urls: string[]) {
  if (ids.length === 0 && urls.length === 0) return [];
  return tx
    .delete(galleryImages)
    .where(
      and(
        eq(galleryImages.placeId, placeId),
        or(
          ids.length > 0 ? inArray(galleryImages.id, ids) : undefined,
          urls.length > 0 ? inArray(galleryImages.imageUrl, urls) : undefined,
        ),
      ),
    )
    .returning({ imageUrl: galleryImages.imageUrl });
}

/** Gallery photos of these ids deleted since a merge leave the trash: the merged place's snapshot brings them back. */
export async function forgetTrashedPhotos(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(trash).where(and(eq(trash.kind, 'gallery_image'), inArray(trash.entityId, ids)));
}

/** A place's cover, set back. */
export async function setCover(
  tx: DbOrTx,
  placeId: string,
  image: { imageUrl: string; originalImagePath: string | null },
) {
  await tx.update(places).set(image).where(eq(places.id, placeId));
}

// Split: a gallery photo that was uploaded as a place (or added to one by a merge) still has its
// photos row, with its EXIF position, town and date.

const photoOfImage = and(
  eq(photos.placeId, galleryImages.placeId),
  eq(photos.originalImagePath, galleryImages.originalImagePath),
);

/** A gallery photo and, when it has one, the uploaded photo's row (position, town, EXIF) behind it. */
export async function findGalleryPhoto(db: DbOrTx, imageId: string) {
  const [row] = await db
    .select({ image: galleryImages, photo: photos })
    .from(galleryImages)
    .leftJoin(photos, photoOfImage)
    .where(eq(galleryImages.id, imageId))
    .limit(1);
  return row;
}

/** The gallery photos of a place that have a stored position (each can become a place of its own). */
export async function listPositionedImages(db: DbOrTx, placeId: string): Promise<string[]> {
  const rows = await db
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .innerJoin(photos, photoOfImage)
    .where(eq(galleryImages.placeId, placeId));
  return rows.map((row) => row.id);
}
