import {
  GROUP_WITHIN_DEFAULT_M,
  groupWithinMeters as groupWithinSchema,
  newUploadsMode,
  type AdminSettings,
  type AdminSettingsUpdate,
  type NewUploadsMode,
  type PlaceState,
  type PublicationResponse,
} from '../../shared/api/publishing';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import * as repo from '../db/repos/publishing-repo';
import { NotFoundError } from '../errors';
import { PERSON, withRevision } from '../revisions/record';
import { NO_NEW_AREAS, newAreasSentence, type NewAreasService } from './new-areas';

const PLACE_NOT_FOUND = 'Place not found. It may have been deleted.';

/**
 * Publish on purpose (docs/decisions/016-publish-on-purpose.md): what an upload becomes, and
 * publishing or unpublishing a place. With an AI model, uploads are published at once (the first brief's
 * behaviour, docs/product.md §10.2); with the offline writer, whose text is a starting point, they are kept as drafts,
 * until the admin chooses otherwise on the dashboard.
 */
export function createPublishingService({
  db,
  aiModel,
  newAreas,
}: {
  db: Database;
  /** The AI model's name; null with the offline writer. */
  aiModel: string | null;
  /** A place published in a town or country without a page brings them along (services/new-areas.ts). */
  newAreas: Pick<NewAreasService, 'mode' | 'saveMode' | 'placeWritten' | 'notify'>;
}) {
  const defaultMode: NewUploadsMode = aiModel !== null ? 'publish' : 'draft';

  async function newUploads(): Promise<NewUploadsMode> {
    const parsed = newUploadsMode.safeParse(await repo.readNewUploads(db));
    return parsed.success ? parsed.data : defaultMode;
  }

  /** How near a place a photo must be taken to join its gallery at upload (metres; 0: never). */
  async function groupWithinMeters(): Promise<number> {
    const parsed = groupWithinSchema.safeParse(Number(await repo.readGroupWithin(db)));
    return parsed.success ? parsed.data : GROUP_WITHIN_DEFAULT_M;
  }

  async function settings(): Promise<AdminSettings> {
    const [uploads, areas, within] = await Promise.all([newUploads(), newAreas.mode(), groupWithinMeters()]);
    return { newUploads: uploads, newAreas: areas, groupWithinMeters: within, aiModel };
  }

  async function setState(id: string, state: PlaceState): Promise<PublicationResponse> {
    if (!isUuid(id)) throw new NotFoundError(PLACE_NOT_FOUND);
    // An update that finds nothing rolls back: even an empty UPDATE would bump the content version.
    const place = await db.transaction((tx) =>
      withRevision(tx, { type: 'place', id }, { author: PERSON }, async () => {
        const updated = await repo.setPlaceState(tx, id, state);
        if (!updated) throw new NotFoundError(PLACE_NOT_FOUND);
        const published = state === 'published' && updated.state !== 'published';
        return { ...updated, created: published ? await newAreas.placeWritten(tx, id) : NO_NEW_AREAS };
      }),
    );
    newAreas.notify(place.created);
    const message =
      state === 'published'
        ? `“${place.title}” is published: visitors can see it now.${newAreasSentence(place.created)}`
        : `“${place.title}” is a draft again: visitors no longer see it. Publish it when it is ready.`;
    return { success: true, state, message };
  }

  return {
    newUploads,
    groupWithinMeters,
    /** The state a new upload gets. */
    async stateForUpload(): Promise<PlaceState> {
      return (await newUploads()) === 'publish' ? 'published' : 'draft';
    },
    settings,
    /** Saves the settings given; those left out keep their value. Answers them all. */
    async saveSettings(update: AdminSettingsUpdate): Promise<AdminSettings> {
      if (update.newUploads !== undefined) await repo.writeNewUploads(db, update.newUploads);
      if (update.newAreas !== undefined) await newAreas.saveMode(update.newAreas);
      if (update.groupWithinMeters !== undefined) await repo.writeGroupWithin(db, update.groupWithinMeters);
      return settings();
    },
    /** Whether the place at `slug` is a draft or published; undefined when no place has that address. */
    stateOfSlug: (slug: string): Promise<PlaceState | undefined> => repo.findStateBySlug(db, slug),
    publish: (id: string) => setState(id, 'published'),
    unpublish: (id: string) => setState(id, 'draft'),
  };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
