import { TRASH_DAYS, type TrashItemDto, type TrashKind, type TrashList } from '../../shared/api/trash';
import type { SuccessMessage } from '../../shared/api/admin-places';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { findCityByName, findCountryByName } from '../db/repos/admin-areas-repo';
import { placeExists } from '../db/repos/admin-places-repo';
import { deleteRevisionsOf } from '../db/repos/revisions-repo';
import { slugHolder } from '../db/repos/slugs-repo';
import {
  asJson,
  insertGalleryImage,
  insertAreaSnapshot,
  insertPlaceSnapshot,
  mediaUrlsOf,
  readGalleryImageSnapshot,
  readAreaSnapshot,
  readPlaceSnapshot,
  type GalleryImageSnapshot,
  type AreaSnapshot,
  type PlaceSnapshot,
} from '../db/repos/snapshots-repo';
import * as repo from '../db/repos/trash-repo';
import { ConflictError, NotFoundError } from '../errors';
import type { MediaFiles } from './media-files';
import { isMerged, mergedSubtitle, undoMerge } from './place-merge';
import type { CreatedAreas } from '../../shared/api/new-areas';
import { NO_NEW_AREAS, newAreasSentence, type NewAreasService } from './new-areas';
import { uniqueSlug } from './slugs';

const DAY_MS = 24 * 60 * 60 * 1000;
const ITEM_NOT_FOUND = 'That item is no longer in the trash: it was restored or deleted for good. Reload the Trash.';

/** A gallery photo in the trash, with what names its place. */
interface TrashedPhoto extends GalleryImageSnapshot {
  kind: 'gallery_image';
  placeTitle: string;
}
type Trashed = PlaceSnapshot | AreaSnapshot | TrashedPhoto;

/**
 * Moves a place, city, country or gallery photo to the trash in the deleting transaction: its
 * snapshot and the media files it references are kept for TRASH_DAYS days, then its rows go (the
 * public site no longer shows it; its address stays reserved). Answers its title, or undefined
 * when there is no such thing. Its files are not released: they stay referenced by the trash.
 */
export async function moveToTrash(tx: DbOrTx, kind: TrashKind, id: string): Promise<string | undefined> {
  const snapshot: Trashed | undefined =
    kind === 'place'
      ? await readPlaceSnapshot(tx, id)
      : kind === 'gallery_image'
        ? await photoSnapshot(tx, id)
        : await readAreaSnapshot(tx, kind, id);
  if (!snapshot) return undefined;
  const { title, slug } = nameOf(snapshot);
  const deletedAt = new Date();
  await repo.insertTrash(tx, {
    kind,
    entityId: id,
    title,
    slug,
    deletedAt,
    expiresAt: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS),
    snapshot: asJson(snapshot),
    mediaUrls: mediaUrlsOf(snapshot),
  });
  return title;
}

async function photoSnapshot(tx: DbOrTx, id: string): Promise<TrashedPhoto | undefined> {
  const photo = await readGalleryImageSnapshot(tx, id);
  if (!photo) return undefined;
  const place = await readPlaceSnapshot(tx, photo.image.placeId);
  return { kind: 'gallery_image', ...photo, placeTitle: place?.place.title ?? '' };
}

function nameOf(snapshot: Trashed): { title: string; slug: string | null } {
  if (snapshot.kind === 'place') return { title: snapshot.place.title, slug: snapshot.place.slug };
  if (snapshot.kind === 'gallery_image') return { title: `Photo of ${snapshot.placeTitle}`, slug: null };
  return { title: snapshot.row.name, slug: snapshot.row.slug };
}

/** Where it was and when, for the Trash list: a place's city and date, a city's country, a photo's place. */
function subtitleOf(snapshot: Trashed): string {
  if (isMerged(snapshot)) return mergedSubtitle(snapshot);
  if (snapshot.kind === 'place')
    return `${[snapshot.place.location, snapshot.place.country].filter(Boolean).join(', ')} · ${snapshot.place.date}`;
  if (snapshot.kind === 'gallery_image') return snapshot.placeTitle;
  return 'country' in snapshot.row ? snapshot.row.country : '';
}

function pictureOf(snapshot: Trashed): string | null {
  if (snapshot.kind === 'place') return snapshot.place.imageUrl;
  if (snapshot.kind === 'gallery_image') return snapshot.image.imageUrl;
  return snapshot.row.imageUrl || null;
}

/**
 * The trash (docs/decisions/017-revisions-and-trash.md): what was deleted, restoring it with
 * everything it had (same id and, when still free, the same address), and deleting it for good,
 * which removes its files once nothing else uses them. Items older than TRASH_DAYS days are
 * deleted for good at start and whenever the trash is read.
 */
export function createTrashService({
  db,
  files,
  newAreas,
}: {
  db: Database;
  files: MediaFiles;
  /** A published place back from the trash in a town without a page brings it along. */
  newAreas: Pick<NewAreasService, 'placeWritten' | 'notify'>;
}) {
  /** Deletes for good, then removes the files nothing uses any more (after commit). */
  async function purge(where: Parameters<typeof repo.deleteTrash>[1]): Promise<number> {
    const { count, keys } = await db.transaction(async (tx) => {
      const gone = await repo.deleteTrash(tx, where);
      for (const kind of ['place', 'city', 'country'] as const) {
        const ids = gone.filter((row) => row.kind === kind).map((row) => row.entityId);
        await deleteRevisionsOf(tx, kind, ids);
      }
      const released = await files.release(
        tx,
        gone.flatMap((row) => row.mediaUrls),
      );
      return { count: gone.length, keys: released };
    });
    await files.remove(keys);
    return count;
  }

  const expire = (now = new Date()) => purge(repo.expiredBy(now));

  /** A free address for what comes back: its own, else a new one made from its name. */
  async function freeSlug(tx: DbOrTx, slug: string | null, name: string) {
    if (slug && !(await slugHolder(tx, slug))) return { slug, moved: false };
    return { slug: await uniqueSlug(tx, name), moved: Boolean(slug) };
  }

  async function restoreInto(tx: DbOrTx, row: repo.TrashRow): Promise<{ message: string; areas: CreatedAreas }> {
    const snapshot = row.snapshot as unknown as Trashed;
    if (snapshot.kind === 'gallery_image') {
      if (!(await placeExists(tx, snapshot.image.placeId))) {
        throw new ConflictError(
          `The place of this photo (“${snapshot.placeTitle}”) is not on the site: restore the place from the Trash first, then this photo.`,
        );
      }
      await insertGalleryImage(tx, snapshot);
      return { message: `The photo is back in the gallery of “${snapshot.placeTitle}”.`, areas: NO_NEW_AREAS };
    }
    // A place merged into another: restoring it undoes the merge (both places as they were).
    if (isMerged(snapshot)) {
      const message = await undoMerge(tx, snapshot);
      const areas = await newAreas.placeWritten(tx, row.entityId);
      return { message: `${message}${newAreasSentence(areas)}`, areas };
    }
    if (snapshot.kind === 'place') {
      const { slug, moved } = await freeSlug(tx, snapshot.place.slug, `${snapshot.place.title} ${snapshot.place.date}`);
      await insertPlaceSnapshot(tx, snapshot, slug);
      const areas = await newAreas.placeWritten(tx, row.entityId);
      const address = moved ? ` Its old web address is taken now, so its address is /${slug}.` : '';
      const message = `“${snapshot.place.title}” is back, with its translations, history, trivia and photos.${address}`;
      return { message: `${message}${newAreasSentence(areas)}`, areas };
    }
    const same =
      snapshot.kind === 'city'
        ? await findCityByName(tx, snapshot.row.name, (snapshot.row as { country: string }).country)
        : await findCountryByName(tx, snapshot.row.name);
    if (same) {
      throw new ConflictError(
        `A ${snapshot.kind} named “${snapshot.row.name}” exists now. Rename or delete that one, then restore this one again.`,
      );
    }
    const { slug, moved } = await freeSlug(tx, snapshot.row.slug, snapshot.row.name);
    await insertAreaSnapshot(tx, snapshot, slug);
    const address = moved ? ` Its old web address is taken now, so its address is /${slug}.` : '';
    return { message: `${snapshot.row.name} is back, with its translations.${address}`, areas: NO_NEW_AREAS };
  }

  return {
    expire,

    async list(now = new Date()): Promise<TrashList> {
      await expire(now);
      const rows = await repo.listTrash(db);
      return {
        items: rows.map((row): TrashItemDto => {
          const snapshot = row.snapshot as unknown as Trashed;
          return {
            kind: row.kind,
            id: row.entityId,
            title: row.title,
            subtitle: subtitleOf(snapshot),
            imageUrl: pictureOf(snapshot),
            deletedAt: row.deletedAt.toISOString(),
            expiresAt: row.expiresAt.toISOString(),
            daysLeft: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / DAY_MS)),
          };
        }),
      };
    },

    async restore(kind: TrashKind, id: string): Promise<SuccessMessage> {
      if (!isUuid(id)) throw new NotFoundError(ITEM_NOT_FOUND);
      const { message, areas } = await db.transaction(async (tx) => {
        const row = await repo.takeTrash(tx, kind, id);
        if (!row) throw new NotFoundError(ITEM_NOT_FOUND);
        return restoreInto(tx, row);
      });
      newAreas.notify(areas);
      return { success: true, message };
    },

    async emptyOne(kind: TrashKind, id: string): Promise<SuccessMessage> {
      if (!isUuid(id) || (await purge(repo.oneItem(kind, id))) === 0) throw new NotFoundError(ITEM_NOT_FOUND);
      return { success: true, message: 'Deleted for good, with its files.' };
    },

    async emptyAll(): Promise<SuccessMessage> {
      const count = await purge(undefined);
      return {
        success: true,
        message: count === 0 ? 'The trash was already empty.' : `The trash is empty: ${count} deleted for good.`,
      };
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
