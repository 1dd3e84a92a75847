import type {
  AdminCityDto,
  CreateCityBody,
  CreateCityResponse,
  DeleteGeoResponse,
  MissingCityDto,
  UpdateCityBody,
} from '../../shared/api/admin-geo';
import { AiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { violatedUniqueConstraint } from '../db/errors';
import * as repo from '../db/repos/admin-geo-repo';
import { clearFailures, enqueueJob } from '../db/repos/translation-jobs-repo';
import { AppError, ConflictError, NotFoundError } from '../errors';
import type { TranslationQueue } from '../translation/queue';
import { createdMessage, outdatedLanguages, updatedMessage } from './geo-translation';
import type { MediaFiles } from './media-files';
import { claimGeoSlug } from './slugs';

const NOT_FOUND = 'City not found. It may have been deleted already.';
const SLUG_RACE = 'Another page took this address at the same moment. Nothing was saved; please try again.';
const duplicateMessage = (name: string, country: string) =>
  `A city named "${name}" in ${country} already exists. Edit that city instead.`;

export interface AdminCitiesDeps {
  db: Database;
  ai: AiProvider;
  /** A replaced or deleted picture of ours is removed when nothing else shows it. */
  files: MediaFiles;
  /** Description and translations are written by queued jobs (with an AI model). */
  queue: TranslationQueue;
}

/**
 * Manage Cities: list, find what is missing, create, edit, delete. Neither create nor edit waits
 * for the AI: with a model configured, a job queued in the same transaction writes the new city's
 * description and every translation, and an edit keeps the translations (outdated) until the job
 * has written new ones.
 */
export function createAdminCitiesService({ db, ai, files, queue }: AdminCitiesDeps) {
  async function existing(id: string) {
    const city = isUuid(id) ? await repo.findCityRow(db, id) : undefined;
    if (!city) throw new NotFoundError(NOT_FOUND);
    return city;
  }

  async function refuseDuplicate(name: string, country: string, exceptId?: string) {
    const other = await repo.findCityByName(db, name, country);
    if (other && other.id !== exceptId) throw new ConflictError(duplicateMessage(other.name, other.country));
  }

  /**
   * Two administrators racing past the checks meet the unique indexes: still a 409, never a 500.
   * Which index PostgreSQL trips first (slug or name) is not fixed, so look again: when the other
   * request saved the same city, say so; otherwise only the address was taken in the race.
   */
  function conflictOnDuplicate(city: { name: string; country: string }, exceptId?: string) {
    return async (error: unknown): Promise<never> => {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === undefined) throw error;
      await refuseDuplicate(city.name, city.country, exceptId);
      throw new ConflictError(constraint.includes('slug') ? SLUG_RACE : duplicateMessage(city.name, city.country));
    };
  }

  async function loadCity(id: string): Promise<AdminCityDto> {
    const city = await repo.findAdminCity(db, id);
    if (!city) throw new NotFoundError(NOT_FOUND);
    return city;
  }

  /** Without a model the offline description is written at once (no network); with one, by the job. */
  async function offlineDescription(body: CreateCityBody): Promise<string> {
    if (queue.active) return '';
    try {
      return (await ai.describeCity({ name: body.name, country: body.country })).trim();
    } catch (error) {
      const why = error instanceof AiError ? ` (${error.message})` : '';
      throw new AppError(
        502,
        `The AI provider could not write a description for ${body.name}${why}. Nothing was created; please try again.`,
      );
    }
  }

  return {
    list: (): Promise<AdminCityDto[]> => repo.listAdminCities(db),
    missing: (): Promise<MissingCityDto[]> => repo.listMissingCities(db),

    async create(body: CreateCityBody): Promise<CreateCityResponse> {
      await refuseDuplicate(body.name, body.country);
      const description = await offlineDescription(body);
      const id = await db
        .transaction(async (tx) => {
          const slug = await claimGeoSlug(tx, body.name);
          const city = await repo.insertCity(tx, { ...body, slug, description });
          if (queue.active) await enqueueJob(tx, { type: 'city', id: city.id }, { allLanguages: true, describe: true });
          return city.id;
        })
        .catch(conflictOnDuplicate(body));
      if (queue.active) queue.notify();
      const city = await loadCity(id);
      return {
        city,
        translatedLanguages: city.translatedLanguages,
        outdatedLanguages: [],
        translationQueued: queue.active,
        message: createdMessage(city.name, queue.active),
      };
    },

    async update(id: string, body: UpdateCityBody): Promise<CreateCityResponse> {
      await existing(id);
      await refuseDuplicate(body.name, body.country, id);
      const result = await db
        .transaction(async (tx) => {
          const current = await repo.lockCityRow(tx, id);
          if (!current) throw new NotFoundError(NOT_FOUND);
          const textChanged = current.name !== body.name || current.description !== body.description;
          // The slug stays as it was, so links already shared keep working after a rename.
          await repo.updateCityRow(tx, id, body, textChanged);
          const moved = current.name !== body.name || current.country !== body.country;
          if (moved) await repo.movePlacesOfCity(tx, current, body, queue.active);
          if (textChanged) {
            await clearFailures(tx, { type: 'city', id });
            if (queue.active) await enqueueJob(tx, { type: 'city', id }, { allLanguages: true, describe: false });
          }
          const unused = current.imageUrl !== body.imageUrl ? await files.release(tx, [current.imageUrl]) : [];
          return { textChanged, queued: queue.active && (textChanged || moved), unused };
        })
        .catch(conflictOnDuplicate(body, id));
      if (result.queued) queue.notify();
      await files.remove(result.unused);

      const city = await loadCity(id);
      const outdated = outdatedLanguages(city.translations);
      const queued = queue.active && result.textChanged;
      return {
        city,
        translatedLanguages: city.translatedLanguages,
        outdatedLanguages: outdated,
        translationQueued: queued,
        message: updatedMessage(city.name, { textChanged: result.textChanged, queued, outdated }),
      };
    },

    async remove(id: string): Promise<DeleteGeoResponse> {
      const city = await existing(id);
      const placeCount = await repo.countPlacesIn(db, { location: city.name, country: city.country });
      // A delete that finds nothing rolls back: even an empty DELETE would bump the content version.
      const unused = await db.transaction(async (tx) => {
        const deleted = await repo.deleteCityRow(tx, id);
        if (!deleted) throw new NotFoundError(NOT_FOUND);
        return files.release(tx, [deleted.imageUrl]);
      });
      await files.remove(unused);
      const kept = placeCount === 0 ? '' : ` Its ${placeCount} ${placeCount === 1 ? 'place was' : 'places were'} kept.`;
      return { success: true, message: `${city.name} was deleted.${kept}` };
    },
  };
}

export type AdminCitiesService = ReturnType<typeof createAdminCitiesService>;
