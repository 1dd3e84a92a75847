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
import { AppError, ConflictError, NotFoundError } from '../errors';
import { describeTranslation, translateGeoTexts, type GeoTranslation, type NameTranslator } from './geo-translation';
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
  /** Offline country-name translation, used where the AI provider cannot translate. */
  translateName?: NameTranslator;
}

/** Manage Countries: the same pattern as cities, keyed by the country name alone. */
export function createAdminCountriesService({ db, ai, files, translateName }: AdminCountriesDeps) {
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

  function outcome(country: AdminCountryDto, verb: 'created' | 'updated', translation: GeoTranslation) {
    return {
      country,
      translatedLanguages: country.translatedLanguages,
      nameOnlyLanguages: translation.nameOnly,
      failedLanguages: translation.failed,
      message: describeTranslation(country.name, verb, translation),
    };
  }

  return {
    list: (): Promise<AdminCountryDto[]> => repo.listAdminCountries(db),
    missing: (): Promise<MissingCountryDto[]> => repo.listMissingCountries(db),

    async create(body: CreateCountryBody): Promise<CreateCountryResponse> {
      await refuseDuplicate(body.name);
      let description: string;
      try {
        description = (await ai.describeCountry({ name: body.name })).trim();
      } catch (error) {
        const why = error instanceof AiError ? ` (${error.message})` : '';
        throw new AppError(
          502,
          `The AI provider could not write a description for ${body.name}${why}. Nothing was created; please try again.`,
        );
      }
      const translation = await translateGeoTexts(ai, { name: body.name, description }, translateName);

      const id = await db
        .transaction(async (tx) => {
          const slug = await claimGeoSlug(tx, body.name);
          const country = await repo.insertCountry(tx, { ...body, slug, description });
          await repo.replaceCountryTranslations(tx, country.id, translation.rows);
          return country.id;
        })
        .catch(conflictOnDuplicate(body.name));
      return outcome(await loadCountry(id), 'created', translation);
    },

    async update(id: string, body: UpdateCountryBody): Promise<CreateCountryResponse> {
      const before = await existing(id);
      await refuseDuplicate(body.name, id);
      const textChanged = before.name !== body.name || before.description !== body.description;
      const translation: GeoTranslation = textChanged
        ? await translateGeoTexts(ai, { name: body.name, description: body.description }, translateName)
        : { rows: [], translated: [], nameOnly: [], failed: [] };

      const unused = await db
        .transaction(async (tx) => {
          const current = await repo.findCountryRow(tx, id);
          if (!current) throw new NotFoundError(NOT_FOUND);
          // The slug stays as it was, so links already shared keep working after a rename.
          await repo.updateCountryRow(tx, id, body);
          // Cities and places name their country: a rename carries them along.
          if (before.name !== body.name) await repo.moveCountryReferences(tx, before.name, body.name);
          if (textChanged) await repo.replaceCountryTranslations(tx, id, translation.rows, translation.failed);
          return current.imageUrl !== body.imageUrl ? files.release(tx, [current.imageUrl]) : [];
        })
        .catch(conflictOnDuplicate(body.name, id));
      await files.remove(unused);

      const country = await loadCountry(id);
      if (!textChanged) {
        return {
          country,
          translatedLanguages: country.translatedLanguages,
          nameOnlyLanguages: [],
          failedLanguages: [],
          message: `${country.name} was updated.`,
        };
      }
      return outcome(country, 'updated', translation);
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
