import { NO_MODEL_MESSAGE, type RewriteResponse } from '../../shared/api/place-ai';
import type { AiProvider } from '../ai';
import { AiError } from '../ai/errors';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { listPlaceTranslationLanguages, rewriteDataText } from '../db/repos/admin-places-repo';
import { findPlaceById } from '../db/repos/places-repo';
import { clearFailures, enqueueJob } from '../db/repos/translation-jobs-repo';
import { AppError, NotFoundError } from '../errors';
import { machineAuthor, withRevision } from '../revisions/record';
import { readStoredFile, type Storage } from '../media/storage';
import type { TranslationQueue } from '../translation/queue';

/** Only the offline writer's English is written again: a person's never, a model's is already the model's. */
const NOT_OFFLINE_TEXT = {
  person:
    'A person wrote this place’s English, so the model does not write it again. Edit the text by hand in Edit Place.',
  machine: 'The model already wrote this place’s English. Edit the text by hand in Edit Place.',
} as const;

interface RewriteDeps {
  db: Database;
  ai: AiProvider;
  storage: Storage;
  queue: TranslationQueue;
}

/**
 * "Write it again with the model" on an Edit Places card: a place whose English the offline writer
 * wrote from the photo's data (origin 'data', e.g. after a model failure on upload) gets the
 * model's title, summary and article from its stored web image. Origin becomes 'machine'; state and
 * address stay; a revision names the model; translations become outdated (a job is queued) and the
 * caches purge through the content-version trigger. A model failure answers 502 and changes
 * nothing (docs/decisions/033-model-failures.md).
 */
export function createPlaceRewriteService({ db, ai, storage, queue }: RewriteDeps) {
  return {
    async rewrite(placeId: string): Promise<RewriteResponse> {
      const place = isUuid(placeId) ? await findPlaceById(db, placeId) : undefined;
      if (!place) throw new NotFoundError('Place not found');
      if (ai.name === 'offline') return { rewritten: false, title: place.title, message: NO_MODEL_MESSAGE };
      if (place.origin !== 'data') throw new AppError(409, NOT_OFFLINE_TEXT[place.origin]);
      let analysis;
      try {
        analysis = await ai.analyzeImage({
          image: await readStoredFile(storage, place.imageUrl),
          mimeType: 'image/jpeg',
          latitude: place.latitude ?? 0,
          longitude: place.longitude ?? 0,
          city: place.location,
          country: place.country,
          date: place.date,
        });
      } catch (error) {
        if (error instanceof AiError) throw new AppError(502, error.message, error.code);
        throw error;
      }
      const text = { title: analysis.title, description: analysis.summary, fullDescription: analysis.travelArticle };
      const note = { author: machineAuthor(ai), summary: 'Text written again by machine' };
      const queued = await db.transaction((tx) =>
        withRevision(tx, { type: 'place', id: place.id }, note, async () => {
          // a person may have edited it while the model wrote: theirs stays
          if (!(await rewriteDataText(tx, place.id, text))) throw new AppError(409, NOT_OFFLINE_TEXT.person);
          await clearFailures(tx, { type: 'place', id: place.id });
          const translated = (await listPlaceTranslationLanguages(tx, place.id)).length > 0;
          if (queue.active && translated)
            await enqueueJob(tx, { type: 'place', id: place.id }, { allLanguages: false, describe: false });
          return queue.active && translated;
        }),
      );
      if (queued) queue.notify();
      return { rewritten: true, title: text.title, message: `The model wrote this place again: “${text.title}”.` };
    },
  };
}

export type PlaceRewriteService = ReturnType<typeof createPlaceRewriteService>;
