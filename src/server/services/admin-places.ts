import {
  ADMIN_PLACE_LOCATIONS_MAX,
  succeeded,
  type AdminPlaceDto,
  type AdminPlaceSort,
  type AdminPlaceLocations,
  type SuccessMessage,
  type UpdatePlaceRequest,
  type UpdatePlaceResponse,
} from '../../shared/api/admin-places';
import type { Page, PageQuery } from '../../shared/paging';
import { LANGUAGE_CODES, type LanguageCode } from '../../shared/languages';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import * as repo from '../db/repos/admin-places-repo';
import { deleteTexts } from '../db/repos/gallery-repo';
import type { Keyed } from '../db/repos/keyset';
import { clearFailures, enqueueJob } from '../db/repos/translation-jobs-repo';
import { NotFoundError } from '../errors';
import { searchProblem, searchText } from '../../shared/search';
import type { TranslationQueue } from '../translation/queue';
import type { SourcePart, VersionMap } from '../db/repos/translation-facts';
import { translationState } from '../translation/status';
import { imageIdOf } from '../../shared/media-names';
import type { MediaFiles } from './media-files';
import { newAreasSentence, type NewAreasService } from './new-areas';
import { readPage } from './paging';
import { changeSlug } from './slugs';
import { moveToTrash } from './trash';
import { MOVED_TO_TRASH } from '../../shared/api/trash';
import { PERSON, withRevision } from '../revisions/record';
import { createAdminMemo } from './admin-memo';
import { toAdminVisit } from './visit-facts';

const PLACE_NOT_FOUND = 'Place not found';
/** The fields a place translation carries a copy of (docs/product.md §3, place translation). */
const TRANSLATED_FIELDS = ['title', 'description', 'location', 'country'] as const;

type AdminPlaceRow = Awaited<ReturnType<typeof repo.listAdminPlacePage>>[number];

/**
 * History or trivia as a translatable part, when it exists in English with something in it: an
 * English part without events or facts has nothing to translate, so no language lags behind it
 * (a German "outdated (trivia)" for a place without trivia, issue 41).
 */
function partOf(part: SourcePart['part'], versions: VersionMap | null, items: number | null): SourcePart[] {
  const english = versions?.en;
  if (english === undefined || !items) return [];
  const translations = Object.fromEntries(Object.entries(versions!).filter(([lang]) => lang !== 'en'));
  return [{ part, version: english, translations }];
}

/** A row of the admin list as the Edit Places card reads it (its page key kept for the cursor). */
function toAdminPlace({
  sourceVersion,
  textVersions,
  historyVersions,
  factsVersions,
  failures,
  job,
  historyEventCount,
  factsCount,
  galleryCount,
  visit,
  ...place
}: AdminPlaceRow): AdminPlaceDto & Keyed {
  const langs = new Set(Object.keys(textVersions ?? {}));
  // The place itself is written in English, so English always counts as translated.
  langs.add('en');
  return {
    ...place,
    translatedLanguages: LANGUAGE_CODES.filter((lang): lang is LanguageCode => langs.has(lang)),
    translations: translationState({
      sourceVersion,
      text: textVersions,
      parts: [...partOf('history', historyVersions, historyEventCount), ...partOf('facts', factsVersions, factsCount)],
      failures,
      job,
    }),
    hasHistory: historyEventCount !== null,
    historyEventCount: historyEventCount ?? 0,
    hasFacts: factsCount !== null,
    factsCount: factsCount ?? 0,
    galleryCount: Number(galleryCount),
    // The place page shows the cover first, then the gallery.
    photoCount: Number(galleryCount) + 1,
    visit: toAdminVisit(visit),
  };
}

/**
 * A new cover, and the original that downloads give with it. One of the place's gallery photos: it
 * and the old cover trade places (the gallery keeps the same photos). Any other address: the
 * original of the place's own upload when it is that image, else none we know (an outside
 * address); the replaced picture and original are released, and removed if nothing else shows
 * them (the photo row keeps an upload's).
 */
async function chooseCover(
  tx: DbOrTx,
  placeId: string,
  before: { imageUrl: string; originalImagePath: string | null },
  imageUrl: string,
): Promise<{ originalImagePath: string | null; released: (string | null)[] }> {
  const chosen = await repo.lockGalleryRowByUrl(tx, placeId, imageUrl);
  if (chosen) {
    await repo.setGalleryRowImage(tx, chosen.id, before);
    // The row now shows the former cover: the chosen photo's caption and alt text no longer describe it.
    await deleteTexts(tx, chosen.id);
    return { originalImagePath: chosen.originalImagePath, released: [] };
  }
  const id = imageIdOf(imageUrl);
  const own = id
    ? (await repo.listPhotoOriginals(tx, placeId)).find((original) => imageIdOf(original) === id)
    : undefined;
  return { originalImagePath: own ?? null, released: [before.imageUrl, before.originalImagePath] };
}

/**
 * The Edit Place form's write, inside the caller's transaction (an edit, or a restored revision).
 * Translations are made from the English text: when it changes, the place gets a new source
 * version, so its translations are outdated but kept (visitors read them until new ones are
 * written), and with an AI model a job is queued to translate them again. Answers the languages now
 * outdated, whether a job was queued and the files to remove after commit; undefined when the
 * place does not exist.
 */
export async function applyPlaceUpdate(
  tx: DbOrTx,
  deps: { files: MediaFiles; queue: TranslationQueue },
  id: string,
  fields: UpdatePlaceRequest,
) {
  const before = await repo.lockPlaceText(tx, id);
  if (!before) return undefined;
  // Left out, the full article stays; emptied, the place page falls back to the short description.
  const fullDescription =
    fields.fullDescription === undefined ? before.fullDescription : fields.fullDescription || null;
  const textChanged =
    TRANSLATED_FIELDS.some((field) => before[field] !== fields[field]) || fullDescription !== before.fullDescription;
  const cover = before.imageUrl !== fields.imageUrl ? await chooseCover(tx, id, before, fields.imageUrl) : undefined;
  const originalImagePath = cover ? cover.originalImagePath : before.originalImagePath;
  const { slug, ...columns } = fields;
  if (slug !== undefined) await changeSlug(tx, 'place', id, before.slug, slug);
  await repo.updatePlaceFields(tx, id, { ...columns, fullDescription, originalImagePath }, textChanged);
  const outdated = textChanged ? await repo.listPlaceTranslationLanguages(tx, id) : [];
  const queued = deps.queue.active && outdated.length > 0;
  if (textChanged) await clearFailures(tx, { type: 'place', id });
  if (queued) await enqueueJob(tx, { type: 'place', id }, { allLanguages: false, describe: false });
  const unused = cover?.released.length ? await deps.files.release(tx, cover.released) : [];
  return { outdated, queued, unused, textChanged };
}

interface AdminPlacesDeps {
  db: Database;
  files: MediaFiles;
  queue: TranslationQueue;
  /** A published place moved to a town or country without a page brings them along. */
  newAreas: Pick<NewAreasService, 'townOf' | 'placeWritten' | 'notify'>;
}

/** Edit Places: the admin list with its figures, editing and deleting places (docs/product.md §2.5.4). */
export function createAdminPlacesService({ db, files, queue, newAreas }: AdminPlacesDeps) {
  const applyUpdate = (tx: DbOrTx, id: string, fields: UpdatePlaceRequest) =>
    applyPlaceUpdate(tx, { files, queue }, id, fields);
  // every place read: kept until a change (admin-memo.ts)
  const memo = createAdminMemo(db);
  return {
    /**
     * One page of the Edit Places list, newest first by upload or by photo date (keyset paging),
     * optionally of one location and/or country and/or matching a search. A search with no letter
     * or digit in it looks for nothing, so it lists everything.
     */
    list(filter: repo.AdminPlaceFilter, sort: AdminPlaceSort, page: PageQuery): Promise<Page<AdminPlaceDto>> {
      const text = searchText(filter.search);
      const search = searchProblem(text) === undefined ? text : undefined;
      return readPage(repo.adminPlaceKeysets[sort], page, async (seek, limit) => {
        const rows = await repo.listAdminPlacePage(db, { ...filter, search }, sort, seek, limit);
        return rows.map(toAdminPlace);
      });
    },

    /**
     * The Filter by City choices with their counts, and the number of all places. Capped at
     * ADMIN_PLACE_LOCATIONS_MAX (2,000) cities so the answer stays small however many there are;
     * kept until a change.
     */
    locations: (): Promise<AdminPlaceLocations> =>
      memo('locations', async () => {
        const [total, locations] = await Promise.all([
          repo.countPlaces(db),
          repo.listPlaceLocations(db, ADMIN_PLACE_LOCATIONS_MAX),
        ]);
        return { total, locations };
      }),

    /**
     * Saves the Edit Place form and answers at once (see applyPlaceUpdate), keeping the place as it
     * was as a revision by the admin. Answers the languages now outdated.
     */
    async update(id: string, fields: UpdatePlaceRequest): Promise<UpdatePlaceResponse> {
      if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
      const result = await db.transaction((tx) =>
        withRevision(tx, { type: 'place', id }, { author: PERSON }, async () => {
          const before = await newAreas.townOf(tx, id);
          const outcome = await applyUpdate(tx, id, fields);
          return outcome && { ...outcome, areas: await newAreas.placeWritten(tx, id, before) };
        }),
      );
      if (!result) throw new NotFoundError(PLACE_NOT_FOUND);
      if (result.queued) queue.notify();
      newAreas.notify(result.areas);
      await files.remove(result.unused);
      return {
        success: true,
        // " Tres Cantos has its own page now: /en/tres-cantos." when the edit moved it to a new town
        message: `Place updated successfully${newAreasSentence(result.areas).replace(/^ /, '. ')}`,
        outdatedTranslations: LANGUAGE_CODES.filter((lang) => result.outdated.includes(lang)),
        translationQueued: result.queued,
      };
    },

    /**
     * Moves the place to the trash: its rows go in one transaction (gone from the public site at
     * once), its snapshot and files stay until the trash is emptied or it expires.
     */
    async remove(id: string): Promise<SuccessMessage> {
      if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
      const title = await db.transaction(async (tx) => {
        const trashed = await moveToTrash(tx, 'place', id);
        if (trashed !== undefined) await repo.deletePlaceRows(tx, id);
        return trashed;
      });
      if (title === undefined) throw new NotFoundError(PLACE_NOT_FOUND);
      return succeeded(MOVED_TO_TRASH);
    },
  };
}

export type AdminPlacesService = ReturnType<typeof createAdminPlacesService>;
