import type {
  AdminCountryDto,
  CreateCountryBody,
  CreateCountryResponse,
  DeleteGeoResponse,
  MissingCountryDto,
  UpdateCountryBody,
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

const NOT_FOUND = 'Country not found. It may have been deleted already.';
const SLUG_RACE = 'Another page took this address at the same moment. Nothing was saved; please try again.';
const duplicateMessage = (name: string) => `A country named "${name}" already exists. Edit that country instead.`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface AdminCountriesDeps {
  db: Database;
  ai: AiProvider;
  /** A replaced or deleted picture of ours is removed when nothing else shows it. */
  files: MediaFiles;
  /** Description and translations are written by queued jobs (with an AI model). */
  queue: TranslationQueue;
}

/**
 * Manage Countries: the same pattern as cities, keyed by the country name alone. Without a
 * translation the public site still names a country in each language (CLDR, offline).
 */
export function createAdminCountriesService({ db, ai, files, queue }: AdminCountriesDeps) {
  async function existing(id: string) {
    const country = isUuid(id) ? await repo.findCountryRow(db, id) : undefined;
    if (!country) throw new NotFoundError(NOT_FOUND);
    return country;
  }

  async function refuseDuplicate(name: string, exceptId?: string) {
    const other = await repo.findCountryByName(db, name);
    if (other && other.id !== exceptId) throw new ConflictError(duplicateMessage(other.name));
  }

  /** Racing past the checks meets the unique indexes: still a 409 (see admin-cities). */
  function conflictOnDuplicate(name: string, exceptId?: string) {
    return async (error: unknown): Promise<never> => {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === undefined) throw error;
      await refuseDuplicate(name, exceptId);
      throw new ConflictError(constraint.includes('slug') ? SLUG_RACE : duplicateMessage(name));
    };
  }

  async function loadCountry(id: string): Promise<AdminCountryDto> {
    const country = await repo.findAdminCountry(db, id);
    if (!country) throw new NotFoundError(NOT_FOUND);
    return country;
  }

  /** Without a model the offline description is written at once (no network); with one, by the job. */
  async function offlineDescription(body: CreateCountryBody): Promise<string> {
    if (queue.active) return '';
    try {
      return (await ai.describeCountry({ name: body.name })).trim();
    } catch (error) {
      const why = error instanceof AiError ? ` (${error.message})` : '';
      throw new AppError(
        502,
        `The AI provider could not write a description for ${body.name}${why}. Nothing was created; please try again.`,
      );
    }
  }

  return {
    list: (): Promise<AdminCountryDto[]> => repo.listAdminCountries(db),
    missing: (): Promise<MissingCountryDto[]> => repo.listMissingCountries(db),

    async create(body: CreateCountryBody): Promise<CreateCountryResponse> {
      await refuseDuplicate(body.name);
      const description = await offlineDescription(body);
      const id = await db
        .transaction(async (tx) => {
          const slug = await claimGeoSlug(tx, body.name);
          const country = await repo.insertCountry(tx, { ...body, slug, description });
          if (queue.active) {
            await enqueueJob(tx, { type: 'country', id: country.id }, { allLanguages: true, describe: true });
          }
          return country.id;
        })
        .catch(conflictOnDuplicate(body.name));
      if (queue.active) queue.notify();
      const country = await loadCountry(id);
      return {
        country,
        translatedLanguages: country.translatedLanguages,
        outdatedLanguages: [],
        translationQueued: queue.active,
        message: createdMessage(country.name, queue.active),
      };
    },

    async update(id: string, body: UpdateCountryBody): Promise<CreateCountryResponse> {
      await existing(id);
      await refuseDuplicate(body.name, id);
      const result = await db
        .transaction(async (tx) => {
          const current = await repo.lockCountryRow(tx, id);
          if (!current) throw new NotFoundError(NOT_FOUND);
          const textChanged = current.name !== body.name || current.description !== body.description;
          // The slug stays as it was, so links already shared keep working after a rename.
          await repo.updateCountryRow(tx, id, body, textChanged);
          // Cities and places name their country: a rename carries them along.
          const renamed = current.name !== body.name;
          if (renamed) await repo.moveCountryReferences(tx, current.name, body.name, queue.active);
          if (textChanged) {
            await clearFailures(tx, { type: 'country', id });
            if (queue.active) await enqueueJob(tx, { type: 'country', id }, { allLanguages: true, describe: false });
          }
          const unused = current.imageUrl !== body.imageUrl ? await files.release(tx, [current.imageUrl]) : [];
          return { textChanged, queued: queue.active && (textChanged || renamed), unused };
        })
        .catch(conflictOnDuplicate(body.name, id));
      if (result.queued) queue.notify();
      await files.remove(result.unused);

      const country = await loadCountry(id);
      const outdated = outdatedLanguages(country.translations);
      const queued = queue.active && result.textChanged;
      return {
        country,
        translatedLanguages: country.translatedLanguages,
        outdatedLanguages: outdated,
        translationQueued: queued,
        message: updatedMessage(country.name, { textChanged: result.textChanged, queued, outdated }),
      };
    },

    async remove(id: string): Promise<DeleteGeoResponse> {
      const country = await existing(id);
      const [cityCount, placeCount] = await Promise.all([
        repo.countCitiesIn(db, country.name),
        repo.countPlacesIn(db, { country: country.name }),
      ]);
      // A delete that finds nothing rolls back: even an empty DELETE would bump the content version.
      const unused = await db.transaction(async (tx) => {
        const deleted = await repo.deleteCountryRow(tx, id);
        if (!deleted) throw new NotFoundError(NOT_FOUND);
        return files.release(tx, [deleted.imageUrl]);
      });
      await files.remove(unused);
      const kept = [
        cityCount > 0 ? plural(cityCount, 'city', 'cities') : '',
        placeCount > 0 ? plural(placeCount, 'place', 'places') : '',
      ].filter(Boolean);
      const keptSentence = kept.length
        ? ` Its ${kept.join(' and ')} ${cityCount + placeCount === 1 ? 'was' : 'were'} kept.`
        : '';
      return { success: true, message: `${country.name} was deleted.${keptSentence}` };
    },
  };
}

export type AdminCountriesService = ReturnType<typeof createAdminCountriesService>;
