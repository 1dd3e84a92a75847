import {
  ALL_LANGUAGES_TRANSLATED,
  NO_MODEL_MESSAGE,
  type FactsResponse,
  type HistoryResponse,
  type TranslateResponse,
} from '../../shared/api/place-ai';
import { TRANSLATION_TARGETS } from '../../shared/api/translation-status';
import { LANGUAGES, type LanguageCode } from '../../shared/languages';
import { AiError, type AiProvider, type PlaceContext } from '../ai';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { listPlaceTranslationLanguages } from '../db/repos/admin-places-repo';
import {
  englishPartVersion,
  findPart,
  savePart,
  type PlacePart,
  type PlaceParts,
} from '../db/repos/place-content-repo';
import { findPlaceById } from '../db/repos/places-repo';
import { enqueueJob } from '../db/repos/translation-jobs-repo';
import { AppError, NotFoundError } from '../errors';
import { translatePart } from '../translation/place-parts';
import { machineAuthor, withRevision } from '../revisions/record';
import type { TranslationQueue } from '../translation/queue';

const languageName = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.name ?? lang;

/** An AI failure is the provider's fault, not the administrator's: 502 with its plain sentence and code. */
async function fromAi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AiError) throw new AppError(502, error.message, error.code);
    throw error;
  }
}

interface PlaceAiDeps {
  db: Database;
  ai: AiProvider;
  queue: TranslationQueue;
}

/**
 * AI content for one place: historical events and trivia (generated once in English, then served
 * from the database; other languages are translations of the English ones, versioned like the
 * place's text) and translating the place into its missing and outdated languages.
 */
export function createPlaceAiService({ db, ai, queue }: PlaceAiDeps) {
  /** The offline writer writes no history or trivia and translates nothing: without a model, nothing is tried. */
  const hasModel = ai.name !== 'offline';

  async function placeById(id: string) {
    const place = isUuid(id) ? await findPlaceById(db, id) : undefined;
    if (!place) throw new NotFoundError('Place not found');
    return place;
  }

  const contextOf = (place: Awaited<ReturnType<typeof placeById>>): PlaceContext => ({
    title: place.title,
    location: place.location,
    country: place.country,
    description: place.description,
  });

  /**
   * New English history or trivia: the languages the place is translated into should get it too.
   * With an AI model, a job is queued for them (missing languages wait for Translate).
   */
  async function queueTranslationOf(placeId: string) {
    if (!queue.active || (await listPlaceTranslationLanguages(db, placeId)).length === 0) return;
    await enqueueJob(db, { type: 'place', id: placeId }, { allLanguages: false, describe: false });
    queue.notify();
  }

  /** A part the AI wrote, stored with a revision naming the model. */
  function saveAs<P extends PlacePart>(
    placeId: string,
    part: P,
    lang: LanguageCode,
    content: PlaceParts[P],
    version: number,
  ) {
    const label = part === 'history' ? 'history' : 'trivia';
    const summary =
      lang === 'en'
        ? `${label === 'history' ? 'History' : 'Trivia'} written by machine`
        : `${languageName(lang)} ${label} translated by machine`;
    return db.transaction((tx) =>
      withRevision(tx, { type: 'place', id: placeId }, { author: machineAuthor(ai), summary }, () =>
        savePart(tx, part, placeId, lang, content, version),
      ),
    );
  }

  /** What a part holds when nothing was written. */
  const EMPTY: PlaceParts = { history: { hasEvents: 'no', events: [] }, facts: { hasFacts: 'no', facts: [] } };

  /** How the AI writes each part in English. */
  const generators: { [P in PlacePart]: (place: PlaceContext) => Promise<PlaceParts[P]> } = {
    history: (place) => ai.historicalEvents(place),
    facts: (place) => ai.triviaFacts(place),
  };

  /**
   * History or trivia in `lang`: the stored one; else the English one (generated and
   * stored when there is none yet) translated into that language and stored with the English
   * version it was made from, like every translation.
   */
  async function inLanguage<P extends PlacePart>(
    placeId: string,
    lang: LanguageCode,
    part: P,
  ): Promise<{ content: PlaceParts[P]; fromCache: boolean; message?: string }> {
    const place = await placeById(placeId);
    const generate: (typeof generators)[P] = generators[part];
    const storedIn = async (storedLang: string) => {
      const row = await findPart(db, part, place.id, storedLang);
      return row?.languageCode === storedLang ? row.content : undefined;
    };
    const cached = await storedIn(lang);
    if (cached) return { content: cached, fromCache: true };
    if (!hasModel) return { content: EMPTY[part], fromCache: false, message: NO_MODEL_MESSAGE };
    let english = await storedIn('en');
    if (!english) {
      const created = await fromAi(() => generate(contextOf(place)));
      await saveAs(place.id, part, 'en', created, 1);
      await queueTranslationOf(place.id);
      english = (await storedIn('en')) ?? created;
      if (lang === 'en') return { content: english, fromCache: false };
    }
    const version = await englishPartVersion(db, place.id, part);
    const source = english;
    const translated = await fromAi(() => translatePart(ai, part, source, lang));
    await saveAs(place.id, part, lang, translated, version);
    return { content: (await storedIn(lang)) ?? translated, fromCache: false };
  }

  return {
    async history(placeId: string, lang: LanguageCode = 'en'): Promise<HistoryResponse> {
      const { content, ...rest } = await inLanguage(placeId, lang, 'history');
      return { history: content, ...rest };
    },

    async facts(placeId: string, lang: LanguageCode = 'en'): Promise<FactsResponse> {
      const { content, ...rest } = await inLanguage(placeId, lang, 'facts');
      return { facts: content, ...rest };
    },

    /**
     * Translates the place's missing and outdated languages now (text, history and trivia), as
     * its translation job; each language succeeds or fails alone. Failures are kept for the
     * badges, and with an AI model the job retries them later.
     */
    async translate(placeId: string): Promise<TranslateResponse> {
      const place = await placeById(placeId);
      if (!hasModel)
        return { translatedLanguages: [], failedLanguages: [], keptLanguages: [], message: NO_MODEL_MESSAGE };
      const run = await queue.translateNow({ type: 'place', id: place.id });
      if (run.gone) throw new NotFoundError('Place not found');
      const translatedLanguages: string[] = run.translated;
      const failedLanguages: string[] = TRANSLATION_TARGETS.filter((lang) => run.failed.has(lang));
      const keptLanguages: string[] = run.kept;
      const names = (langs: string[]) => langs.map(languageName).join(', ');
      const keptSentence =
        keptLanguages.length > 0
          ? ` Kept as written by hand: ${names(keptLanguages)} (the English changed since; update ${keptLanguages.length === 1 ? 'it' : 'them'} in Languages).`
          : '';
      if (translatedLanguages.length === 0 && failedLanguages.length === 0) {
        return {
          translatedLanguages,
          failedLanguages,
          keptLanguages,
          message: `${ALL_LANGUAGES_TRANSLATED}${keptSentence}`,
        };
      }
      const reasons = new Set(run.failed.values());
      const message =
        (failedLanguages.length === 0
          ? `Translated to ${names(translatedLanguages)}.`
          : translatedLanguages.length === 0
            ? `Translation failed for ${names(failedLanguages)}. ${[...reasons].join(' ')}`
            : `Translated to ${names(translatedLanguages)}; failed for ${names(failedLanguages)}. ${[...reasons].join(' ')}`) +
        keptSentence;
      return { translatedLanguages, failedLanguages, keptLanguages, message };
    },
  };
}

export type PlaceAiService = ReturnType<typeof createPlaceAiService>;
