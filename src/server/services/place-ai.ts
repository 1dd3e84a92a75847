import {
  ALL_LANGUAGES_TRANSLATED,
  type FactsResponse,
  type HistoryResponse,
  type TranslateResponse,
} from '../../shared/api/place-ai';
import type { FactsDto, HistoryDto } from '../../shared/api/public';
import { TRANSLATION_TARGETS } from '../../shared/api/translation-status';
import { LANGUAGES, type LanguageCode } from '../../shared/languages';
import { AiError, type AiProvider, type PlaceContext } from '../ai';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { listPlaceTranslationLanguages } from '../db/repos/admin-places-repo';
import {
  englishPartVersion,
  saveFacts,
  saveHistory,
  saveTranslatedFacts,
  saveTranslatedHistory,
} from '../db/repos/place-content-repo';
import { findFacts, findHistory, findPlaceById } from '../db/repos/places-repo';
import { enqueueJob } from '../db/repos/translation-jobs-repo';
import { AppError, NotFoundError } from '../errors';
import type { TranslationQueue } from '../translation/queue';

const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** An AI failure is the provider's fault, not the administrator's: 502 with the provider's reason. */
async function fromAi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AiError) throw new AppError(502, error.message);
    throw error;
  }
}

/**
 * AI content for one place: historical events and trivia (generated once in English, then served
 * from the database; other languages are translations of the English ones, versioned like the
 * place's text) and translating the place into its missing and outdated languages.
 */
export function createPlaceAiService(db: Database, ai: AiProvider, queue: TranslationQueue) {
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

  /** Generated text is English; other languages get it translated before it is stored. */
  async function translateList<T extends Record<string, string>>(
    items: T[],
    keys: Array<keyof T & string>,
    lang: LanguageCode,
  ) {
    if (lang === 'en' || items.length === 0) return items;
    const fields: Record<string, string> = {};
    items.forEach((item, i) => keys.forEach((k) => (fields[`${k}_${i}`] = String(item[k]))));
    const translated = await ai.translate(fields, lang);
    return items.map((item, i) => ({ ...item, ...Object.fromEntries(keys.map((k) => [k, translated[`${k}_${i}`]])) }));
  }

  /**
   * New English history or trivia: the languages the place is translated into should get it too.
   * With an AI model, a job is queued for them (missing languages wait for Translate).
   */
  async function queueTranslationOf(placeId: string) {
    if (!queue.active || (await listPlaceTranslationLanguages(db, placeId)).length === 0) return;
    await enqueueJob(db, { type: 'place', id: placeId }, { allLanguages: false, describe: false });
    queue.notify();
  }

  /**
   * History or trivia in `languageCode`: the stored one; else the English one (generated and
   * stored when there is none yet) translated into that language and stored with the English
   * version it was made from, like every translation.
   */
  async function inLanguage<T extends object>(
    placeId: string,
    languageCode: LanguageCode,
    part: {
      name: 'history' | 'facts';
      find: (lang: string) => Promise<(T & { languageCode: string }) | undefined>;
      generate: () => Promise<T>;
      translate: (english: T, lang: LanguageCode) => Promise<T>;
      save: (lang: string, content: T, version: number) => Promise<void>;
    },
  ): Promise<{ content: T; fromCache: boolean }> {
    const stored = async (lang: string) => {
      const row = await part.find(lang);
      if (!row || row.languageCode !== lang) return undefined;
      const { languageCode: _code, ...content } = row;
      return content as T;
    };
    const cached = await stored(languageCode);
    if (cached) return { content: cached, fromCache: true };
    let english = await stored('en');
    if (!english) {
      const created = await fromAi(part.generate);
      await part.save('en', created, 1);
      await queueTranslationOf(placeId);
      english = (await stored('en')) ?? created;
      if (languageCode === 'en') return { content: english, fromCache: false };
    }
    const version = await englishPartVersion(db, placeId, part.name);
    const source = english;
    const translated = await fromAi(() => part.translate(source, languageCode));
    await part.save(languageCode, translated, version);
    return { content: (await stored(languageCode)) ?? translated, fromCache: false };
  }

  return {
    async history(placeId: string, languageCode: LanguageCode = 'en'): Promise<HistoryResponse> {
      const place = await placeById(placeId);
      const { content, fromCache } = await inLanguage<HistoryDto>(place.id, languageCode, {
        name: 'history',
        find: (lang) => findHistory(db, place.id, lang),
        generate: () => ai.historicalEvents(contextOf(place)),
        translate: async (english, lang) => ({
          ...english,
          events: await translateList(english.events, ['description'], lang),
        }),
        save: (lang, history, version) =>
          lang === 'en'
            ? saveHistory(db, place.id, 'en', history)
            : saveTranslatedHistory(db, place.id, lang, history, version),
      });
      return { history: content, fromCache };
    },

    async facts(placeId: string, languageCode: LanguageCode = 'en'): Promise<FactsResponse> {
      const place = await placeById(placeId);
      const { content, fromCache } = await inLanguage<FactsDto>(place.id, languageCode, {
        name: 'facts',
        find: (lang) => findFacts(db, place.id, lang),
        generate: () => ai.triviaFacts(contextOf(place)),
        translate: async (english, lang) => ({
          ...english,
          facts: await translateList(english.facts, ['question', 'answer'], lang),
        }),
        save: (lang, facts, version) =>
          lang === 'en'
            ? saveFacts(db, place.id, 'en', facts)
            : saveTranslatedFacts(db, place.id, lang, facts, version),
      });
      return { facts: content, fromCache };
    },

    /**
     * Translates the place's missing and outdated languages now (text, history and trivia), as
     * its translation job; each language succeeds or fails alone. Failures are kept for the
     * badges, and with an AI model the job retries them later.
     */
    async translate(placeId: string): Promise<TranslateResponse> {
      const place = await placeById(placeId);
      const run = await queue.translateNow({ type: 'place', id: place.id });
      if (run.gone) throw new NotFoundError('Place not found');
      const translatedLanguages: string[] = run.translated;
      const failedLanguages: string[] = TRANSLATION_TARGETS.filter((code) => run.failed.has(code));
      if (translatedLanguages.length === 0 && failedLanguages.length === 0) {
        return { translatedLanguages, failedLanguages, message: ALL_LANGUAGES_TRANSLATED };
      }
      const reasons = new Set(run.failed.values());
      const names = (codes: string[]) => codes.map(languageName).join(', ');
      const message =
        failedLanguages.length === 0
          ? `Translated to ${names(translatedLanguages)}.`
          : translatedLanguages.length === 0
            ? `Translation failed for ${names(failedLanguages)}. ${[...reasons].join(' ')}`
            : `Translated to ${names(translatedLanguages)}; failed for ${names(failedLanguages)}. ${[...reasons].join(' ')}`;
      return { translatedLanguages, failedLanguages, message };
    },
  };
}

export type PlaceAiService = ReturnType<typeof createPlaceAiService>;
