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
import { AppError, ConflictError, NotFoundError } from '../errors';
import { describeTranslation, translateGeoTexts, type GeoTranslation } from './geo-translation';
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
}

/** Manage Cities: list, find what is missing, create with AI text and translations, edit, delete. */
export function createAdminCitiesService({ db, ai, files }: AdminCitiesDeps) {
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

  function outcome(city: AdminCityDto, verb: 'created' | 'updated', translation: GeoTranslation) {
    return {
      city,
      translatedLanguages: city.translatedLanguages,
      nameOnlyLanguages: translation.nameOnly,
      failedLanguages: translation.failed,
      message: describeTranslation(city.name, verb, translation),
    };
  }

  return {
    list: (): Promise<AdminCityDto[]> => repo.listAdminCities(db),
    missing: (): Promise<MissingCityDto[]> => repo.listMissingCities(db),

    async create(body: CreateCityBody): Promise<CreateCityResponse> {
      // Cheap checks first: the AI calls below take seconds and cost money.
      await refuseDuplicate(body.name, body.country);
      let description: string;
      try {
        description = (await ai.describeCity({ name: body.name, country: body.country })).trim();
      } catch (error) {
        const why = error instanceof AiError ? ` (${error.message})` : '';
        throw new AppError(
          502,
          `The AI provider could not write a description for ${body.name}${why}. Nothing was created; please try again.`,
        );
      }
      const translation = await translateGeoTexts(ai, { name: body.name, description });

      const id = await db
        .transaction(async (tx) => {
          const slug = await claimGeoSlug(tx, body.name);
          const city = await repo.insertCity(tx, { ...body, slug, description });
          await repo.replaceCityTranslations(tx, city.id, translation.rows);
          return city.id;
        })
        .catch(conflictOnDuplicate(body));
      return outcome(await loadCity(id), 'created', translation);
    },

    async update(id: string, body: UpdateCityBody): Promise<CreateCityResponse> {
      const before = await existing(id);
      await refuseDuplicate(body.name, body.country, id);
      const textChanged = before.name !== body.name || before.description !== body.description;
      // Stored translations describe the old text: translate the new one, or drop what went stale.
      const translation: GeoTranslation = textChanged
        ? await translateGeoTexts(ai, { name: body.name, description: body.description })
        : { rows: [], translated: [], nameOnly: [], failed: [] };

      const unused = await db
        .transaction(async (tx) => {
          // The AI step took a while: the city may have been deleted meanwhile.
          const current = await repo.findCityRow(tx, id);
          if (!current) throw new NotFoundError(NOT_FOUND);
          // The slug stays as it was, so links already shared keep working after a rename.
          await repo.updateCityRow(tx, id, body);
          if (before.name !== body.name || before.country !== body.country) {
            await repo.movePlacesOfCity(tx, before, body);
          }
          if (textChanged) await repo.replaceCityTranslations(tx, id, translation.rows, translation.failed);
          return current.imageUrl !== body.imageUrl ? files.release(tx, [current.imageUrl]) : [];
        })
        .catch(conflictOnDuplicate(body, id));
      await files.remove(unused);

      const city = await loadCity(id);
      if (!textChanged) {
        return {
          city,
          translatedLanguages: city.translatedLanguages,
          nameOnlyLanguages: [],
          failedLanguages: [],
          message: `${city.name} was updated.`,
        };
      }
      return outcome(city, 'updated', translation);
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
