import { TRANSLATION_TARGETS } from '../../shared/api/translation-status';
import { AiError } from '../ai/errors';
import type { AiProvider } from '../ai/types';
import type { Database, DbOrTx } from '../db/client';
import {
  findAreaTranslationSource,
  saveAreaTranslation,
  writeAreaDescription,
  type AreaTranslationSource,
} from '../db/repos/admin-areas-repo';
import type { AreaKind } from '../db/repos/area-tables';
import {
  findPlaceTranslationSource,
  savePart,
  savePlaceTranslation,
  type PlaceTranslationSource,
} from '../db/repos/place-content-repo';
import { saveMachineText } from '../db/repos/gallery-repo';
import type { EntityRef, JobScope } from '../db/repos/translation-jobs-repo';
import type { StoredVersion } from '../db/repos/translation-versions';
import { translateCountryName } from '../geo/country-names';
import { translatePart } from './place-parts';
import { LANGUAGES } from '../../shared/languages';
import { machineAuthor, withRevision } from '../revisions/record';

export type TargetLanguage = (typeof TRANSLATION_TARGETS)[number];
type Part = 'text' | 'history' | 'facts' | 'gallery';

/** What one run of a job did. */
export interface JobRun {
  /** The entity no longer exists: nothing was done. */
  gone: boolean;
  /** Languages that had work and got all of it done. */
  translated: TargetLanguage[];
  /** Languages where some part failed, with the reason (the AI provider's words). */
  failed: Map<TargetLanguage, string>;
  /**
   * Languages with a part a person wrote that lags behind the English: kept as written (a machine
   * never replaces a person's text) and left for the editor to update.
   */
  kept: TargetLanguage[];
  /** A failure before any language (the description could not be written). */
  error?: string;
  /** Whether the English description is still to be written (the job keeps asking for it). */
  describePending: boolean;
  /** Errors that were not the AI provider's (a bug, the database): for the server log. */
  unexpected: unknown[];
  /** The provider asked not to be called again for this long (Retry-After): the job waits at least that. */
  notBeforeMs?: number;
}

/** Reasons fit for an administrator: the AI failure's plain sentence (AiError), else a neutral one. */
function reasonOf(error: unknown): string {
  return error instanceof AiError ? error.message : 'An unexpected error stopped this translation; see the server log.';
}

/** A failure of the provider itself (not of one answer): the language's other parts would fail the same way. */
const providerDown = (error: unknown) =>
  error instanceof AiError && ['ai_timed_out', 'ai_rate_limited', 'ai_unavailable', 'ai_setup'].includes(error.code);

/** The longest wait a provider asked for among these failures (Retry-After), if any asked. */
function askedWait(errors: unknown[]): number | undefined {
  const waits = errors.flatMap((error) => (error instanceof AiError && error.retryAfterMs ? [error.retryAfterMs] : []));
  return waits.length > 0 ? Math.max(...waits) : undefined;
}

type Translations = Map<string, StoredVersion>;

/** A stored translation's verdict on one language: does it lag behind `source` (or is it absent)? */
const lags = (translations: Translations, lang: string, source: number) => {
  const made = translations.get(lang);
  return made === undefined || made.version < source;
};

/** What a run does: the parts each language gets from the machine, and the languages kept as a person wrote them. */
interface Plan {
  work: Map<TargetLanguage, Part[]>;
  kept: TargetLanguage[];
}

/**
 * Which parts of which languages a run translates. Automatic jobs bring the languages that have a
 * translation up to date (an administrator chose those); `allLanguages` (Translate, a new city or
 * country) also writes the missing ones. A part a person wrote is never planned: when it lags, its
 * language is reported as kept.
 */
function plan(
  text: Translations,
  sourceVersion: number,
  parts: Array<{ part: Part; version: number; translations: Translations }>,
  allLanguages: boolean,
): Plan {
  const work = new Map<TargetLanguage, Part[]>();
  const kept = new Set<TargetLanguage>();
  const all = [{ part: 'text' as Part, version: sourceVersion, translations: text }, ...parts];
  for (const lang of TRANSLATION_TARGETS) {
    if (!allLanguages && !text.has(lang)) continue;
    const todo: Part[] = [];
    for (const p of all) {
      if (!lags(p.translations, lang, p.version)) continue;
      if (p.translations.get(lang)?.byPerson) kept.add(lang);
      // the gallery is one part made of each photo's texts
      else if (!todo.includes(p.part)) todo.push(p.part);
    }
    if (todo.length > 0) work.set(lang, todo);
  }
  return { work, kept: TRANSLATION_TARGETS.filter((lang) => kept.has(lang)) };
}

const placeParts = (source: PlaceTranslationSource) => [
  ...(source.history ? [{ part: 'history' as const, ...source.history }] : []),
  ...(source.facts ? [{ part: 'facts' as const, ...source.facts }] : []),
  ...source.gallery.map((photo) => ({ part: 'gallery' as const, ...photo })),
];

/** Does a stored translation need the machine: absent, or a machine's made from older English? */
const machineLags = (translations: Translations, lang: string, version: number) => {
  const made = translations.get(lang);
  return made === undefined || (!made.byPerson && made.version < version);
};

/**
 * The translating itself, for places (text, history, trivia), cities and countries: reads the
 * source and what is translated from which version, translates what lags (languages in parallel,
 * the parts of one language in turn) and stores each result with the version it was made from.
 */
export function createTranslationWork(db: Database, ai: AiProvider) {
  /** Each photo's caption and alt text that a machine may (re)write in `lang`; a person's stay. */
  async function translateGallery(source: PlaceTranslationSource, lang: TargetLanguage) {
    for (const photo of source.gallery) {
      if (!machineLags(photo.translations, lang, photo.version)) continue;
      const fields = Object.fromEntries(Object.entries(photo.content).filter(([, value]) => value.trim() !== ''));
      const t = Object.keys(fields).length > 0 ? await ai.translate(fields, lang) : {};
      await saveMachineText(db, {
        imageId: photo.imageId,
        languageCode: lang,
        caption: fields.caption ? (t.caption ?? '').trim() : '',
        alt: fields.alt ? (t.alt ?? '').trim() : '',
        sourceVersion: photo.version,
      });
    }
  }

  async function translatePlacePart(source: PlaceTranslationSource, lang: TargetLanguage, part: Part) {
    if (part === 'gallery') {
      await translateGallery(source, lang);
    } else if (part !== 'text') {
      const english = source[part];
      if (!english) return;
      const translated = await translatePart(ai, part, english.content, lang);
      await savePart(db, part, source.id, lang, translated, english.version);
    } else {
      // Country names come from CLDR where it knows them (offline, and the same on every page).
      const countryName = translateCountryName(source.country, lang);
      const t = await ai.translate(
        {
          title: source.title,
          description: source.description,
          location: source.location,
          ...(source.fullDescription ? { fullDescription: source.fullDescription } : {}),
          ...(countryName ? {} : { country: source.country }),
        },
        lang,
      );
      await savePlaceTranslation(db, {
        placeId: source.id,
        languageCode: lang,
        title: t.title,
        description: t.description,
        fullDescription: t.fullDescription ?? null,
        location: t.location,
        country: countryName ?? t.country ?? source.country,
        sourceVersion: source.sourceVersion,
      });
    }
  }

  async function translateArea(type: AreaKind, source: AreaTranslationSource, lang: TargetLanguage) {
    const fields: Record<string, string> = source.description
      ? { name: source.name, description: source.description }
      : { name: source.name };
    const t = await ai.translate(fields, lang);
    const row = { languageCode: lang, name: t.name!.trim(), description: (t.description ?? '').trim() };
    await saveAreaTranslation(db, type, source.id, row, source.sourceVersion);
  }

  /**
   * Runs every language of a plan at once; each language's parts in turn, each failure its own.
   * Each language's run keeps the entity as it was before it as a revision naming the model.
   */
  async function perform(
    entity: EntityRef,
    work: Map<TargetLanguage, Part[]>,
    translate: (lang: TargetLanguage, part: Part) => Promise<void>,
  ) {
    const translated: TargetLanguage[] = [];
    const failed = new Map<TargetLanguage, string>();
    const unexpected: unknown[] = [];
    const aiFailures: unknown[] = [];
    await Promise.all(
      [...work].map(async ([lang, parts]) => {
        const summary = `${LANGUAGES.find((l) => l.code === lang)?.name ?? lang} translated by machine`;
        await withRevision(db, entity, { author: machineAuthor(ai), summary }, async () => {
          for (const part of parts) {
            try {
              await translate(lang, part);
            } catch (error) {
              if (!(error instanceof AiError)) unexpected.push(error);
              else aiFailures.push(error);
              if (!failed.has(lang)) failed.set(lang, reasonOf(error));
              // a provider that is down, busy or hung is not asked again for this language's other parts
              if (providerDown(error)) break;
            }
          }
        }).catch((error: unknown) => {
          unexpected.push(error);
          if (!failed.has(lang)) failed.set(lang, reasonOf(error));
        });
        if (!failed.has(lang)) translated.push(lang);
      }),
    );
    const notBeforeMs = askedWait(aiFailures);
    return {
      translated: TRANSLATION_TARGETS.filter((lang) => translated.includes(lang)),
      failed,
      unexpected,
      ...(notBeforeMs !== undefined ? { notBeforeMs } : {}),
    };
  }

  /** The description a city or country created with an AI model is waiting for. */
  async function describe(type: AreaKind, source: AreaTranslationSource) {
    try {
      const text = (
        type === 'city'
          ? await ai.describeCity({ name: source.name, country: source.country ?? '' })
          : await ai.describeCountry({ name: source.name })
      ).trim();
      if (text) {
        const note = { author: machineAuthor(ai), summary: 'Description written by machine' };
        await withRevision(db, { type, id: source.id }, note, () => writeAreaDescription(db, type, source.id, text));
      }
      return undefined;
    } catch (error) {
      return { error: `The description could not be written. ${reasonOf(error)}`, cause: error };
    }
  }

  async function load(entity: EntityRef, reader: DbOrTx = db) {
    if (entity.type === 'place') {
      const source = await findPlaceTranslationSource(reader, entity.id);
      return source && { kind: 'place' as const, source };
    }
    const source = await findAreaTranslationSource(reader, entity.type, entity.id);
    return source && { kind: 'area' as const, type: entity.type, source };
  }

  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

  const planOf = (loaded: Loaded, allLanguages: boolean) =>
    loaded.kind === 'place'
      ? plan(loaded.source.text, loaded.source.sourceVersion, placeParts(loaded.source), allLanguages)
      : plan(loaded.source.translations, loaded.source.sourceVersion, [], allLanguages);

  return {
    /** Does the entity have anything left to translate in this scope? (false when it is gone) */
    async pending(entity: EntityRef, scope: JobScope, reader: DbOrTx = db): Promise<boolean> {
      const loaded = await load(entity, reader);
      if (!loaded) return false;
      if (scope.describe && loaded.kind === 'area' && loaded.source.description === '') return true;
      return planOf(loaded, scope.allLanguages).work.size > 0;
    },

    /** One run of a job: the description when asked for, then every lagging part of every language. */
    async run(entity: EntityRef, scope: JobScope): Promise<JobRun> {
      let loaded = await load(entity);
      const none: JobRun = {
        gone: true,
        translated: [],
        failed: new Map(),
        kept: [],
        describePending: false,
        unexpected: [],
      };
      if (!loaded) return none;
      if (scope.describe && loaded.kind === 'area' && loaded.source.description === '') {
        const failure = await describe(loaded.type, loaded.source);
        if (failure) {
          const unexpected = failure.cause instanceof AiError ? [] : [failure.cause];
          const notBeforeMs = askedWait([failure.cause]);
          return {
            ...none,
            gone: false,
            error: failure.error,
            describePending: true,
            unexpected,
            ...(notBeforeMs !== undefined ? { notBeforeMs } : {}),
          };
        }
        loaded = await load(entity);
        if (!loaded) return none;
      }
      const current = loaded;
      const { work, kept } = planOf(current, scope.allLanguages);
      const done = await perform(entity, work, (lang, part) =>
        current.kind === 'place'
          ? translatePlacePart(current.source, lang, part)
          : translateArea(current.type, current.source, lang),
      );
      return { gone: false, ...done, kept, describePending: false };
    },
  };
}
