import {
  succeeded,
  type GalleryItemDto,
  type GalleryUploadResponse,
  type SuccessMessage,
} from '../../shared/api/admin-places';
import type { GalleryTextBody, GalleryTextEntry } from '../../shared/api/gallery';
import type { ContentSaved } from '../../shared/api/written-text';
import { smallGalleryImageWarning } from '../../shared/api/uploads';
import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '../../shared/languages';
import { MIN_PHOTO_LONG_SIDE } from '../../shared/limits';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as repo from '../db/repos/admin-places-repo';
import * as texts from '../db/repos/gallery-repo';
import { enqueueJob } from '../db/repos/translation-jobs-repo';
import { BadRequestError, NotFoundError } from '../errors';
import { processImage } from '../media/image-processing';
import type { TranslationQueue } from '../translation/queue';
import type { MediaFiles } from './media-files';
import { PERSON, withRevision } from '../revisions/record';
import { moveToTrash } from './trash';
import { MOVED_TO_TRASH } from '../../shared/api/trash';

const PLACE_NOT_FOUND = 'Place not found';
const IMAGE_NOT_FOUND = 'Gallery image not found';
const LANGUAGE_NOT_FOUND = 'That language is not one of the site’s: use en, es, de, fr or zh.';
const BAD_ORDER =
  'The new order must list every photo of this gallery exactly once. The gallery may have changed meanwhile: reload it and try again.';

const languageName = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang;

/** A photo's texts in every language, English first (the editor's desk's statuses, decision 014). */
function textEntries(stored: texts.StoredGalleryText[]): GalleryTextEntry[] {
  const byLang = new Map(stored.map((row) => [row.languageCode, row]));
  const englishVersion = byLang.get('en')?.sourceVersion ?? 1;
  return LANGUAGE_CODES.map((lang) => {
    const row = byLang.get(lang);
    const status =
      lang === 'en' ? 'source' : !row ? 'missing' : row.sourceVersion < englishVersion ? 'outdated' : 'current';
    return {
      languageCode: lang,
      status,
      origin: row?.origin ?? null,
      caption: row?.caption ?? '',
      alt: row?.alt ?? '',
    };
  });
}

function toDto(
  row: Awaited<ReturnType<typeof repo.insertGalleryRow>>,
  stored: texts.StoredGalleryText[] = [],
): GalleryItemDto {
  return {
    id: row.id,
    placeId: row.placeId,
    imageUrl: row.imageUrl,
    originalImagePath: row.originalImagePath,
    createdAt: row.createdAt.toISOString(),
    texts: textEntries(stored),
  };
}

interface GalleryDeps {
  db: Database;
  files: MediaFiles;
  limits: { maxUploadBytes: number };
  /** A new or changed caption is translated by a queued job (with an AI model). */
  queue: TranslationQueue;
}

/** Gallery images of a place: the same validation and derivatives as photo uploads (docs/product.md §2.5.4). */
export function createGalleryService({ db, files, limits, queue }: GalleryDeps) {
  async function requirePlace(placeId: string) {
    if (!isUuid(placeId) || !(await repo.placeExists(db, placeId))) throw new NotFoundError(PLACE_NOT_FOUND);
  }

  return {
    async list(placeId: string): Promise<GalleryItemDto[]> {
      await requirePlace(placeId);
      const [rows, stored] = await Promise.all([repo.listGalleryRows(db, placeId), texts.listPlaceTexts(db, placeId)]);
      return rows.map((row) =>
        toDto(
          row,
          stored.filter((text) => text.imageId === row.id),
        ),
      );
    },

    /**
     * Stores the files first, then the row; if the row cannot be written the files go again. An
     * image under the size a place's own photo needs is kept, with a warning for the administrator.
     */
    async add(placeId: string, bytes: Buffer): Promise<GalleryUploadResponse> {
      await requirePlace(placeId);
      const processed = await processImage(bytes, { maxBytes: limits.maxUploadBytes });
      const warning =
        Math.max(processed.width, processed.height) < MIN_PHOTO_LONG_SIDE
          ? smallGalleryImageWarning(processed.width, processed.height)
          : null;
      const image = await files.write(processed);
      try {
        const row = await db.transaction(async (tx) => {
          await files.adopt(tx, image);
          return repo.insertGalleryRow(tx, {
            placeId,
            imageUrl: image.imageUrl,
            originalImagePath: image.originalImagePath,
          });
        });
        return { ...toDto(row), warning };
      } catch (error) {
        await files.discard(image);
        // The place was deleted while the image was being processed.
        if (!(await repo.placeExists(db, placeId))) throw new NotFoundError(PLACE_NOT_FOUND);
        throw error;
      }
    },

    /** Moves the photo to the trash: gone from the gallery at once, its files kept until the trash is emptied. */
    async remove(imageId: string): Promise<SuccessMessage> {
      if (!isUuid(imageId)) throw new NotFoundError(IMAGE_NOT_FOUND);
      // A delete that finds nothing rolls back: even an empty DELETE would bump the content version.
      await db.transaction(async (tx) => {
        const trashed = await moveToTrash(tx, 'gallery_image', imageId);
        const row = trashed !== undefined && (await repo.deleteGalleryRow(tx, imageId));
        if (!row) throw new NotFoundError(IMAGE_NOT_FOUND);
      });
      return succeeded(MOVED_TO_TRASH);
    },

    /**
     * A person's caption and alt text of one photo in one language, kept as theirs (no machine
     * replaces it). A change of the English makes the other languages outdated and, with an AI
     * model, queues the place's translation job, which translates the languages a machine wrote.
     */
    async saveTexts(imageId: string, lang: string, body: GalleryTextBody): Promise<ContentSaved> {
      if (!isLanguageCode(lang)) throw new NotFoundError(LANGUAGE_NOT_FOUND);
      if (!isUuid(imageId)) throw new NotFoundError(IMAGE_NOT_FOUND);
      const result = await db.transaction(async (tx) => {
        const image = await texts.lockImage(tx, imageId);
        if (!image) return undefined;
        return withRevision(tx, { type: 'place', id: image.placeId }, { author: PERSON }, async () => {
          const stored = await texts.listTexts(tx, [image.id]);
          const english = stored.find((row) => row.languageCode === 'en');
          if (lang !== 'en') {
            await texts.writePersonText(tx, {
              imageId: image.id,
              languageCode: lang,
              ...body,
              sourceVersion: english?.sourceVersion ?? 1,
            });
            return { outdated: [], queued: false };
          }
          const unchanged = english && english.caption === body.caption && english.alt === body.alt;
          // Newer than every stored text: a language written before the first English is outdated by it.
          const version = unchanged
            ? english.sourceVersion
            : Math.max(0, ...stored.map((row) => row.sourceVersion)) + 1;
          await texts.writePersonText(tx, { imageId: image.id, languageCode: 'en', ...body, sourceVersion: version });
          if (unchanged) return { outdated: [], queued: false };
          const outdated = stored.filter((row) => row.languageCode !== 'en').map((row) => row.languageCode);
          if (!queue.active) return { outdated, queued: false };
          await enqueueJob(tx, { type: 'place', id: image.placeId }, { allLanguages: false, describe: false });
          return { outdated, queued: true };
        });
      });
      if (!result) throw new NotFoundError(IMAGE_NOT_FOUND);
      if (result.queued) queue.notify();
      if (lang !== 'en') {
        return {
          success: true,
          message: `${languageName(lang)} caption and alt text saved. They are marked as written by hand, so machine translation will not replace them.`,
          outdatedLanguages: [],
        };
      }
      const outdatedLanguages = LANGUAGE_CODES.filter((other) => result.outdated.includes(other));
      const follow = result.queued
        ? ' The other languages are being translated; those written by hand are kept and marked outdated.'
        : outdatedLanguages.length > 0
          ? ` ${outdatedLanguages.map(languageName).join(', ')} now need${outdatedLanguages.length === 1 ? 's' : ''} updating to match.`
          : '';
      return { success: true, message: `English caption and alt text saved.${follow}`, outdatedLanguages };
    },

    /** The gallery's new order: exactly the place's photos, each once, first to last. */
    async reorder(placeId: string, ids: string[]): Promise<SuccessMessage> {
      await requirePlace(placeId);
      const done = await db.transaction((tx) =>
        withRevision(tx, { type: 'place', id: placeId }, { author: PERSON }, async () => {
          const current = await texts.lockGalleryIds(tx, placeId);
          const wanted = new Set(ids);
          const same =
            wanted.size === ids.length && ids.length === current.length && current.every((id) => wanted.has(id));
          if (!same) return false;
          if (current.some((id, i) => id !== ids[i])) await texts.setOrder(tx, placeId, ids);
          return true;
        }),
      );
      if (!done) throw new BadRequestError(BAD_ORDER);
      return succeeded('Gallery order saved');
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
