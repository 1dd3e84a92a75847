import type { KeepChoice, MergeRequest, MergeResponse, PlaceMerges } from '../../shared/api/place-merge';
import type { SuccessMessage } from '../../shared/api/admin-places';
import { GALLERY_ALT_MAX, GALLERY_CAPTION_MAX } from '../../shared/api/gallery';
import { TRASH_DAYS } from '../../shared/api/trash';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { placeExists } from '../db/repos/admin-places-repo';
import * as repo from '../db/repos/place-merge-repo';
import { slugHolder } from '../db/repos/slugs-repo';
import {
  asJson,
  insertPlaceSnapshot,
  mediaUrlsOf,
  readPlaceSnapshot,
  replaceGalleryTexts,
  replacePart,
  replacePlaceThemes,
  replaceVisit,
  replacePlaceTranslations,
  type PlaceSnapshot,
} from '../db/repos/snapshots-repo';
import { enqueueJob } from '../db/repos/translation-jobs-repo';
import { insertTrash, takeTrash } from '../db/repos/trash-repo';
import { movePinsToPlace } from '../db/repos/featured-repo';
import { writePlaceThemeRows } from '../db/repos/themes-repo';
import { THEMES_PER_PLACE_MAX } from '../../shared/themes';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { PERSON, withRevision } from '../revisions/record';
import type { TranslationQueue } from '../translation/queue';
import { uniqueSlug } from './slugs';

/**
 * Merging two places (docs/decisions/028-merge-and-split.md): the merged place's gallery, photo,
 * photo rows, the texts the target lacks and its themes where a person has not chosen the target's
 * (takeThemes) move to the target in one transaction, its addresses
 * forward to the target's, and the merged place waits in the trash with what the merge did, so
 * "Undo merge" (the target's History, or Restore in the Trash) puts both places back.
 */

const PLACE_NOT_FOUND = 'Place not found. It may have been deleted: reload Edit Places.';
const TARGET_NOT_FOUND = 'The place to merge into was not found. It may have been deleted: choose another place.';
const INTO_ITSELF = 'A place cannot be merged into itself. Choose another place to merge into.';
const CANNOT_UNDO =
  'This merge can no longer be undone: the merged place was restored or deleted for good from the Trash. Reload its Versions.';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a merge did, kept with the merged place's snapshot in the trash: what its undo needs. */
interface MergeRecord {
  into: string;
  intoTitle: string;
  /** Gallery photos that moved, and the one the merged place's own photo became. */
  gallery: string[];
  coverImageId: string;
  /** Old addresses that forwarded to the merged place's address before the merge. */
  forwarded: string[];
  /** The target as it was before the merge (its texts come back on undo). */
  target: PlaceSnapshot;
  revisionId: number | null;
}

type MergedSnapshot = PlaceSnapshot & { merge: MergeRecord };

/** A trash snapshot of a place merged into another (rather than deleted). */
export const isMerged = (snapshot: object): snapshot is MergedSnapshot => 'merge' in snapshot;

/** Where a merged place is in the trash: the Trash list names its target. */
export const mergedSubtitle = (snapshot: MergedSnapshot) => `Merged into “${snapshot.merge.intoTitle}”`;

/** A translation made from the other place's English: outdated against the target's until someone checks it. */
const outdatedFor = (englishVersion: number) => Math.max(0, englishVersion - 1);

/**
 * The other languages' texts the target lacks come from the merged place; a person's text replaces
 * a machine's (decision 014). Answers whether any was taken.
 */
async function takeTexts(tx: DbOrTx, source: PlaceSnapshot, target: PlaceSnapshot): Promise<boolean> {
  const held = new Map(target.translations.map((row) => [row.languageCode, row]));
  let taken = false;
  for (const { id: _id, ...row } of source.translations) {
    if (row.languageCode === 'en') continue;
    const own = held.get(row.languageCode);
    if (own && !(own.origin === 'machine' && row.origin === 'person')) continue;
    await repo.putTranslation(tx, {
      ...row,
      placeId: target.place.id,
      sourceVersion: outdatedFor(target.place.sourceVersion),
    });
    taken = true;
  }
  return taken;
}

/** History or trivia: the owner's choice; without one, the target's, or the merged place's when the target has none. */
async function takePart(
  tx: DbOrTx,
  part: 'history' | 'facts',
  source: PlaceSnapshot,
  target: PlaceSnapshot,
  choice: KeepChoice | undefined,
): Promise<void> {
  const theirs = source[part];
  if (theirs.length === 0 || (choice ?? (target[part].length > 0 ? 'target' : 'source')) === 'target') return;
  await repo.putPart(
    tx,
    part,
    target.place.id,
    theirs.map(({ id: _id, ...row }) => ({ ...row, placeId: target.place.id })),
  );
}

/**
 * Themes (decision 041): a target whose themes a person chose keeps them as they are. Otherwise it
 * keeps its own (suggested) themes and gains the merged place's, a person's choice before a
 * machine's suggestion, each as it was marked, up to THEMES_PER_PLACE_MAX in all.
 */
async function takeThemes(tx: DbOrTx, source: PlaceSnapshot, target: PlaceSnapshot): Promise<void> {
  const own = target.themes ?? [];
  if (own.some((row) => row.origin === 'person')) return;
  const held = new Set(own.map((row) => row.theme));
  const theirs = [...(source.themes ?? [])]
    .filter((row) => !held.has(row.theme))
    .sort((a, b) => Number(a.origin !== 'person') - Number(b.origin !== 'person'));
  if (theirs.length === 0 || own.length >= THEMES_PER_PLACE_MAX) return;
  const rows = [...own, ...theirs].slice(0, THEMES_PER_PLACE_MAX);
  await writePlaceThemeRows(
    tx,
    target.place.id,
    rows.map((row, position) => ({ ...row, placeId: target.place.id, position })),
  );
}

/** Why a place cannot take part in a merge: in the trash (say so), or not there at all. */
async function missing(tx: DbOrTx, id: string, notFound: string): Promise<never> {
  const trashed = await repo.trashedPlaceTitle(tx, id);
  if (trashed) {
    throw new ConflictError(`“${trashed}” is in the Trash. Restore it from Trash first, then merge.`);
  }
  throw new NotFoundError(notFound);
}

/**
 * Puts both places of a merge back (the trash row of the merged place is already taken): the
 * merged place with its gallery, photo rows, texts, history, themes and address; the target's gallery,
 * cover, texts and themes as they were before the merge. One revision of the target says so.
 */
export async function undoMerge(tx: DbOrTx, snapshot: MergedSnapshot): Promise<string> {
  const { merge, ...source } = snapshot;
  const [target] = await repo.lockPlaces(tx, [merge.into]);
  if (!target) {
    throw new ConflictError(
      `“${merge.intoTitle}”, the place “${source.place.title}” was merged into, is not on the site: restore it from Trash first, then undo the merge.`,
    );
  }
  const summary = `Undid the merge of “${source.place.title}”`;
  let address = '';
  await withRevision(tx, { type: 'place', id: target.id }, { author: PERSON, summary, always: true }, async () => {
    const sourceUrls = [source.place.imageUrl, ...source.gallery.map((g) => g.image.imageUrl)];
    const coverWasSwapped = sourceUrls.includes(target.imageUrl);
    if (coverWasSwapped) {
      const { imageUrl, originalImagePath } = merge.target.place;
      await repo.setCover(tx, target.id, { imageUrl, originalImagePath });
    }
    const galleryIds = [...merge.gallery, merge.coverImageId];
    await repo.removeGalleryRows(tx, target.id, galleryIds, sourceUrls);
    await repo.forgetTrashedPhotos(tx, galleryIds);
    const then = source.place.slug;
    if (then) await repo.dropRedirect(tx, then);
    const free = then && !(await slugHolder(tx, then));
    const slug = free ? then : await uniqueSlug(tx, `${source.place.title} ${source.place.date}`);
    await repo.pointRedirects(tx, merge.forwarded, slug);
    if (then && !free) address = ` Its old web address is taken now, so its address is /${slug}.`;
    await insertPlaceSnapshot(tx, source, slug);
    await repo.movePhotos(
      tx,
      source.photos.map((photo) => photo.id),
      source.place.id,
    );
    await replacePlaceTranslations(tx, merge.target, target.sourceVersion);
    await replacePart(tx, 'history', merge.target);
    await replacePart(tx, 'facts', merge.target);
    await replaceGalleryTexts(tx, merge.target);
    await replaceVisit(tx, merge.target);
    await replacePlaceThemes(tx, merge.target);
  });
  return `Merge undone: “${source.place.title}” is back with its photos and texts, and “${target.title}” is as it was before.${address}`;
}

export function createPlaceMergeService({ db, queue }: { db: Database; queue: TranslationQueue }) {
  return {
    async merge(id: string, body: MergeRequest): Promise<MergeResponse> {
      if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
      if (body.into === id) throw new BadRequestError(INTO_ITSELF);
      if (!isUuid(body.into)) throw new NotFoundError(TARGET_NOT_FOUND);
      const outcome = await db.transaction(async (tx) => {
        const rows = await repo.lockPlaces(tx, [id, body.into]);
        const sourceRow = rows.find((row) => row.id === id) ?? (await missing(tx, id, PLACE_NOT_FOUND));
        const targetRow = rows.find((row) => row.id === body.into) ?? (await missing(tx, body.into, TARGET_NOT_FOUND));
        const source = (await readPlaceSnapshot(tx, sourceRow.id))!;
        const target = (await readPlaceSnapshot(tx, targetRow.id))!;
        const summary = `Merged “${sourceRow.title}” into this place`;
        const done = await withRevision(
          tx,
          { type: 'place', id: targetRow.id },
          { author: PERSON, summary, always: true },
          async () => {
            const alt = source.photos[0]?.description || sourceRow.description;
            const coverImageId = await repo.insertGalleryPhoto(
              tx,
              targetRow.id,
              { imageUrl: sourceRow.imageUrl, originalImagePath: sourceRow.originalImagePath },
              { caption: sourceRow.title.slice(0, GALLERY_CAPTION_MAX), alt: alt.slice(0, GALLERY_ALT_MAX) },
            );
            const gallery = await repo.moveGallery(tx, sourceRow.id, targetRow.id);
            await repo.movePhotos(
              tx,
              source.photos.map((photo) => photo.id),
              targetRow.id,
            );
            const translated = await takeTexts(tx, source, target);
            await takePart(tx, 'history', source, target, body.keep?.history);
            await takePart(tx, 'facts', source, target, body.keep?.trivia);
            await takeThemes(tx, source, target);
            const forwarded =
              sourceRow.slug && targetRow.slug ? await repo.forwardAddress(tx, sourceRow.slug, targetRow.slug) : [];
            // the merged place's highlights go to the place that remains, in their slots (decision 044)
            await movePinsToPlace(tx, sourceRow.id, targetRow.id);
            await repo.deletePlace(tx, sourceRow.id);
            const queued = queue.active && translated;
            if (queued)
              await enqueueJob(tx, { type: 'place', id: targetRow.id }, { allLanguages: false, describe: false });
            return { coverImageId, gallery, forwarded, queued };
          },
        );
        const merge: MergeRecord = {
          into: targetRow.id,
          intoTitle: targetRow.title,
          gallery: done.gallery,
          coverImageId: done.coverImageId,
          forwarded: done.forwarded,
          target,
          revisionId: (await repo.newestRevisionId(tx, targetRow.id)) ?? null,
        };
        const deletedAt = new Date();
        await insertTrash(tx, {
          kind: 'place',
          entityId: sourceRow.id,
          title: sourceRow.title,
          // its address forwards to the target now (slug_redirects holds it)
          slug: null,
          deletedAt,
          expiresAt: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS),
          snapshot: asJson({ ...source, merge }),
          mediaUrls: mediaUrlsOf(source),
        });
        return { source: sourceRow, target: targetRow, queued: done.queued };
      });
      if (outcome.queued) queue.notify();
      const { source, target } = outcome;
      return {
        success: true,
        message: `“${source.title}” is now part of “${target.title}”: its photos and the texts “${target.title}” lacked are there, and its address leads to “${target.title}”. To undo it, open the Versions of “${target.title}”.`,
        place: { id: target.id, slug: target.slug, title: target.title },
      };
    },

    async undo(targetId: string, sourceId: string): Promise<SuccessMessage> {
      if (!isUuid(targetId) || !isUuid(sourceId)) throw new NotFoundError(CANNOT_UNDO);
      const message = await db.transaction(async (tx) => {
        const row = await takeTrash(tx, 'place', sourceId);
        const snapshot = row?.snapshot as object | undefined;
        if (!snapshot || !isMerged(snapshot) || snapshot.merge.into !== targetId) throw new NotFoundError(CANNOT_UNDO);
        return undoMerge(tx, snapshot);
      });
      return { success: true, message };
    },

    async mergesInto(placeId: string): Promise<PlaceMerges> {
      if (!isUuid(placeId) || !(await placeExists(db, placeId))) throw new NotFoundError(PLACE_NOT_FOUND);
      const rows = await repo.listMergesInto(db, placeId);
      return {
        merges: rows.map((row) => ({
          sourceId: row.entityId,
          sourceTitle: row.title,
          mergedAt: row.deletedAt.toISOString(),
          revisionId: (row.snapshot as unknown as MergedSnapshot).merge.revisionId,
        })),
      };
    },
  };
}

export type PlaceMergeService = ReturnType<typeof createPlaceMergeService>;
