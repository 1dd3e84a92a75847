import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { galleryImages, galleryImageTexts } from '../schema';
import { saveTranslation } from './translation-versions';

/** The gallery's order: position, then age (rows of one position, e.g. written before 0010, oldest first). */
export const galleryOrder = [asc(galleryImages.position), asc(galleryImages.createdAt), asc(galleryImages.id)];

/** A photo's caption and alt text in one language, as stored. */
export interface StoredGalleryText {
  imageId: string;
  languageCode: string;
  caption: string;
  alt: string;
  sourceVersion: number;
  origin: 'machine' | 'person';
}

/** A photo's texts in one language as written: who wrote them is the writer's to say. */
type GalleryTextWrite = Omit<StoredGalleryText, 'origin'>;

const textColumns = {
  imageId: galleryImageTexts.imageId,
  languageCode: galleryImageTexts.languageCode,
  caption: galleryImageTexts.caption,
  alt: galleryImageTexts.alt,
  sourceVersion: galleryImageTexts.sourceVersion,
  origin: galleryImageTexts.origin,
};

/** Every stored text of the given photos, in every language. */
export function listTexts(db: DbOrTx, imageIds: string[]): Promise<StoredGalleryText[]> {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db.select(textColumns).from(galleryImageTexts).where(inArray(galleryImageTexts.imageId, imageIds));
}

/** Every stored text of a place's gallery photos, in every language. */
export function listPlaceTexts(db: DbOrTx, placeId: string): Promise<StoredGalleryText[]> {
  return db
    .select(textColumns)
    .from(galleryImageTexts)
    .innerJoin(galleryImages, eq(galleryImages.id, galleryImageTexts.imageId))
    .where(eq(galleryImages.placeId, placeId));
}

/** The photo (locked for the transaction), or undefined. */
export async function lockImage(tx: DbOrTx, imageId: string) {
  const [row] = await tx
    .select({ id: galleryImages.id, placeId: galleryImages.placeId })
    .from(galleryImages)
    .where(eq(galleryImages.id, imageId))
    .for('update');
  return row;
}

/** A person's text: written as theirs, replacing whatever was stored in that language. */
export async function writePersonText(tx: DbOrTx, row: GalleryTextWrite) {
  const set = { caption: row.caption, alt: row.alt, sourceVersion: row.sourceVersion, origin: 'person' as const };
  await saveTranslation(tx, 'person', galleryImageTexts, galleryImageTexts.imageId, { ...row, origin: 'person' }, set);
}

/** A machine translation of a photo's texts: never replaces a person's row, nor one made from newer English. */
export async function saveMachineText(db: DbOrTx, row: GalleryTextWrite) {
  await saveTranslation(db, 'machine', galleryImageTexts, galleryImageTexts.imageId, row, {
    caption: row.caption,
    alt: row.alt,
    sourceVersion: sql`excluded.source_version`,
  });
}

/** Removes every text of a photo (its row now shows another picture). */
export async function deleteTexts(tx: DbOrTx, imageId: string) {
  await tx.delete(galleryImageTexts).where(eq(galleryImageTexts.imageId, imageId));
}

/** The place's gallery ids in order, locked for the transaction. */
export async function lockGalleryIds(tx: DbOrTx, placeId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: galleryImages.id })
    .from(galleryImages)
    .where(eq(galleryImages.placeId, placeId))
    .orderBy(...galleryOrder)
    .for('update');
  return rows.map((row) => row.id);
}

/** Numbers the photos 1, 2, 3, ... in the given order. */
export async function setOrder(tx: DbOrTx, placeId: string, ids: string[]) {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i + 1}::int`),
    sql` `,
  );
  await tx
    .update(galleryImages)
    .set({ position: sql`case ${galleryImages.id} ${cases} end` })
    .where(and(eq(galleryImages.placeId, placeId), inArray(galleryImages.id, ids)));
}

/** The position after the place's last photo. */
export const nextPosition = (placeId: string) =>
  sql<number>`(select coalesce(max(${galleryImages.position}), 0) + 1 from ${galleryImages} where ${galleryImages.placeId} = ${placeId})`;
