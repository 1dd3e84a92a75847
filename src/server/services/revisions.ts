import type { PlaceState } from '../../shared/api/publishing';
import type { RevisionCollection, RevisionCompare, RevisionList, RevisionRestored } from '../../shared/api/revisions';
import type { Database, DbOrTx } from '../db/client';
import { isUuid } from '../db/ids';
import { referencedUrls } from '../db/repos/admin-places-repo';
import * as repo from '../db/repos/revisions-repo';
import type { RevisionEntity } from '../db/repos/revisions-repo';
import {
  readSnapshot,
  replaceGalleryTexts,
  replaceAreaTranslations,
  restoreAreaPins,
  replacePart,
  replaceVisit,
  replacePlaceThemes,
  replacePlaceTranslations,
  restorePlaceColumns,
  type EntitySnapshot,
  type AreaSnapshot,
  type PlaceSnapshot,
} from '../db/repos/snapshots-repo';
import { movedSlugTarget, slugHolder } from '../db/repos/slugs-repo';
import { enqueueJob } from '../db/repos/translation-jobs-repo';
import { NotFoundError } from '../errors';
import { readableFields } from '../revisions/readable';
import { PERSON, withRevision } from '../revisions/record';
import { describeVersions } from '../revisions/versions';
import type { TranslationQueue } from '../translation/queue';
import type { AdminCitiesService } from './admin-cities';
import type { AdminCountriesService } from './admin-countries';
import { applyPlaceUpdate } from './admin-places';
import type { MediaFiles } from './media-files';
import { NO_NEW_AREAS, newAreasSentence, type NewAreasService } from './new-areas';
import type { CreatedAreas } from '../../shared/api/new-areas';

const TYPE_OF: Record<RevisionCollection, RevisionEntity> = { places: 'place', cities: 'city', countries: 'country' };
const NOT_FOUND: Record<RevisionEntity, string> = {
  place: 'Place not found. It may have been deleted.',
  city: 'City not found. It may have been deleted.',
  country: 'Country not found. It may have been deleted.',
};
const REVISION_NOT_FOUND =
  'That version is no longer kept (only the last 50 are). Reload the versions and choose another.';

const STATE_KEPT = {
  published: ' It stays published.',
  draft: ' It stays a draft: visitors see it once you publish it.',
} as const;

/** "26 Nov 2026, 13:55 UTC": when a version was made, the same for every reader. */
export const versionDate = (date: Date) =>
  `${date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** What a restore did: files to remove, whether a job was queued, whether the address stayed, a place's (kept) state. */
interface Restored {
  unused: string[];
  queued: boolean;
  addressKept: boolean;
  state?: PlaceState;
  areas: CreatedAreas;
}

interface RevisionDeps {
  db: Database;
  files: MediaFiles;
  queue: TranslationQueue;
  adminCities: AdminCitiesService;
  adminCountries: AdminCountriesService;
  /** A restore that publishes a place, or moves a published one, in a town without a page brings it along. */
  newAreas: Pick<NewAreasService, 'placeWritten' | 'notify'>;
}

/**
 * A place's, city's or country's history (docs/decisions/017-revisions-and-trash.md): its kept
 * versions, one compared with now, and restoring one. A restore keeps the current state as a new
 * revision, writes the English through the same path as an edit (a new source version, translations
 * outdated and jobs queued as for an edit) and the other languages, history, trivia and gallery
 * texts as they were.
 */
export function createRevisionService({ db, files, queue, adminCities, adminCountries, newAreas }: RevisionDeps) {
  async function entityNow(type: RevisionEntity, id: string): Promise<EntitySnapshot> {
    const now = isUuid(id) ? await readSnapshot(db, type, id) : undefined;
    if (!now) throw new NotFoundError(NOT_FOUND[type]);
    return now;
  }

  async function revision(type: RevisionEntity, id: string, revisionId: number) {
    const row = await repo.findRevision(db, type, id, revisionId);
    if (!row) throw new NotFoundError(REVISION_NOT_FOUND);
    return row;
  }

  /** A picture of a version: still ours to show (some row or the trash holds it), else the current one stays. */
  async function pictureOf(tx: DbOrTx, then: string, now: string): Promise<string> {
    if (then === now || !then.startsWith('/media/')) return then;
    return (await referencedUrls(tx, [then])).has(then) ? then : now;
  }

  /** The address of a version when it is free (or still this entity's); else the current one stays. */
  async function addressOf(tx: DbOrTx, type: RevisionEntity, id: string, then: string | null, now: string | null) {
    if (!then || then === now) return { slug: now ?? undefined, kept: false };
    const holder = await slugHolder(tx, then);
    const free =
      !holder ||
      (holder.kind === 'moved' ? (await movedSlugTarget(tx, then)) === now : holder.kind === type && holder.id === id);
    return free ? { slug: then, kept: false } : { slug: now ?? undefined, kept: true };
  }

  async function restorePlace(tx: DbOrTx, id: string, then: PlaceSnapshot): Promise<Restored> {
    const now = await readSnapshot(tx, 'place', id);
    if (!now || now.kind !== 'place') throw new NotFoundError(NOT_FOUND.place);
    const address = await addressOf(tx, 'place', id, then.place.slug, now.place.slug);
    const outcome = await applyPlaceUpdate(tx, { files, queue }, id, {
      title: then.place.title,
      description: then.place.description,
      fullDescription: then.place.fullDescription ?? '',
      location: then.place.location,
      country: then.place.country,
      date: then.place.date,
      imageUrl: await pictureOf(tx, then.place.imageUrl, now.place.imageUrl),
      slug: address.slug,
    });
    if (!outcome) throw new NotFoundError(NOT_FOUND.place);
    // The map position, the review flag and any other column the edit form does not write.
    await restorePlaceColumns(tx, then);
    const english = await readSnapshot(tx, 'place', id);
    if (!english || english.kind !== 'place') throw new NotFoundError(NOT_FOUND.place);
    await replacePlaceTranslations(tx, then, english.place.sourceVersion);
    await replacePart(tx, 'history', then);
    await replacePart(tx, 'facts', then);
    await replacePlaceThemes(tx, then);
    await replaceGalleryTexts(tx, then);
    await replaceVisit(tx, then);
    // The job translates only what lags behind the English (a person's text is kept, decision 014).
    const queued = queue.active && then.translations.some((t) => t.languageCode !== 'en');
    if (queued) await enqueueJob(tx, { type: 'place', id }, { allLanguages: false, describe: false });
    const areas = await newAreas.placeWritten(tx, id, now.place);
    return {
      unused: outcome.unused,
      queued: queued || outcome.queued,
      addressKept: address.kept,
      state: now.place.state,
      areas,
    };
  }

  async function restoreArea(tx: DbOrTx, type: 'city' | 'country', id: string, then: AreaSnapshot): Promise<Restored> {
    const now = await readSnapshot(tx, type, id);
    if (!now || now.kind === 'place') throw new NotFoundError(NOT_FOUND[type]);
    const address = await addressOf(tx, type, id, then.row.slug, now.row.slug);
    const body = {
      name: then.row.name,
      description: then.row.description,
      imageUrl: await pictureOf(tx, then.row.imageUrl, now.row.imageUrl),
      slug: address.slug,
    };
    const outcome =
      type === 'city'
        ? await adminCities.applyUpdate(tx, id, {
            ...body,
            country: 'country' in then.row ? then.row.country : (now.row as { country: string }).country,
          })
        : await adminCountries.applyUpdate(tx, id, body);
    const english = await readSnapshot(tx, type, id);
    if (!english || english.kind === 'place') throw new NotFoundError(NOT_FOUND[type]);
    await replaceAreaTranslations(tx, then, english.row.sourceVersion);
    await restoreAreaPins(tx, then);
    return { unused: outcome.unused, queued: outcome.queued, addressKept: address.kept, areas: NO_NEW_AREAS };
  }

  return {
    async list(collection: RevisionCollection, id: string): Promise<RevisionList> {
      const type = TYPE_OF[collection];
      await entityNow(type, id);
      return { revisions: describeVersions(await repo.listRevisions(db, type, id)) };
    },

    async compare(collection: RevisionCollection, id: string, revisionId: number): Promise<RevisionCompare> {
      const type = TYPE_OF[collection];
      const now = await entityNow(type, id);
      const row = await revision(type, id, revisionId);
      const { snapshot, ...rest } = row;
      return {
        revision: { ...rest, createdAt: rest.createdAt.toISOString() },
        then: readableFields(snapshot as unknown as EntitySnapshot),
        now: readableFields(now),
      };
    },

    async restore(collection: RevisionCollection, id: string, revisionId: number): Promise<RevisionRestored> {
      const type = TYPE_OF[collection];
      await entityNow(type, id);
      const row = await revision(type, id, revisionId);
      const then = row.snapshot as unknown as EntitySnapshot;
      const when = versionDate(row.createdAt);
      const note = { author: PERSON, summary: `Restored the version of ${when}`, always: true };
      const restore = db.transaction((tx) =>
        withRevision(tx, { type, id }, note, () =>
          then.kind === 'place' ? restorePlace(tx, id, then) : restoreArea(tx, then.kind, id, then),
        ),
      );
      const outcome =
        type === 'place'
          ? await restore
          : await restore.catch(
              (type === 'city' ? adminCities : adminCountries).conflictOnDuplicate({
                name: then.kind === 'place' ? '' : then.row.name,
                description: '',
                imageUrl: '',
                ...(then.kind !== 'place' && 'country' in then.row ? { country: then.row.country } : {}),
              } as never),
            );
      if (outcome.queued) queue.notify();
      newAreas.notify(outcome.areas);
      await files.remove(outcome.unused);
      const address = outcome.addressKept
        ? ' Its web address of then now belongs to another page, so it keeps its current address.'
        : '';
      const languages = outcome.queued ? ' Languages that no longer match are being translated again.' : '';
      // A restore never publishes or unpublishes: the place stays as it is now, and the answer says which.
      const state = outcome.state ? STATE_KEPT[outcome.state] : '';
      const pages = newAreasSentence(outcome.areas);
      return { success: true, message: `Restored the version of ${when}.${state}${address}${languages}${pages}` };
    },
  };
}

export type RevisionService = ReturnType<typeof createRevisionService>;
