import {
  ALL_LANGUAGES_TRANSLATED,
  type FactsResponse,
  type HistoryResponse,
  type TranslateResponse,
} from '../../shared/api/place-ai';
import type { FactsDto, HistoryDto } from '../../shared/api/public';
import { LANGUAGE_CODES, LANGUAGES, type LanguageCode } from '../../shared/languages';
import { AiError, translateCountryName, type AiProvider, type PlaceContext } from '../ai';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { listTranslationLanguages, saveFacts, saveHistory, savePlaceTranslation } from '../db/repos/place-content-repo';
import { findFacts, findHistory, findPlaceById } from '../db/repos/places-repo';
import { AppError, NotFoundError } from '../errors';

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
 * AI content for one place: historical events and trivia (generated once per place and language,
 * then served from the database) and translations into every missing language.
 */
export function createPlaceAiService(db: Database, ai: AiProvider) {
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

  return {
    async history(placeId: string, languageCode: LanguageCode = 'en'): Promise<HistoryResponse> {
      const place = await placeById(placeId);
      const cached = await findHistory(db, place.id, languageCode);
      if (cached) return { history: cached, fromCache: true };
      const generated = await fromAi(async () => {
        const history = await ai.historicalEvents(contextOf(place));
        const events = await translateList(history.events, ['description'], languageCode);
        return { ...history, events } satisfies HistoryDto;
      });
      await saveHistory(db, place.id, languageCode, generated);
      return { history: (await findHistory(db, place.id, languageCode)) ?? generated, fromCache: false };
    },

    async facts(placeId: string, languageCode: LanguageCode = 'en'): Promise<FactsResponse> {
      const place = await placeById(placeId);
      const cached = await findFacts(db, place.id, languageCode);
      if (cached) return { facts: cached, fromCache: true };
      const generated = await fromAi(async () => {
        const facts = await ai.triviaFacts(contextOf(place));
        const list = await translateList(facts.facts, ['question', 'answer'], languageCode);
        return { ...facts, facts: list } satisfies FactsDto;
      });
      await saveFacts(db, place.id, languageCode, generated);
      return { facts: (await findFacts(db, place.id, languageCode)) ?? generated, fromCache: false };
    },

    /** Translates the place into every language it lacks; each language succeeds or fails alone. */
    async translate(placeId: string): Promise<TranslateResponse> {
      const place = await placeById(placeId);
      const done = new Set(await listTranslationLanguages(db, place.id));
      const missing = LANGUAGE_CODES.filter((code) => code !== 'en' && !done.has(code));
      if (missing.length === 0) {
        return { translatedLanguages: [], failedLanguages: [], message: ALL_LANGUAGES_TRANSLATED };
      }
      const translatedLanguages: string[] = [];
      const failedLanguages: string[] = [];
      const reasons = new Set<string>();
      for (const lang of missing) {
        try {
          const countryName = translateCountryName(place.country, lang);
          const fields: Record<string, string> = {
            title: place.title,
            description: place.description,
            location: place.location,
            ...(place.fullDescription ? { fullDescription: place.fullDescription } : {}),
            ...(countryName ? {} : { country: place.country }),
          };
          const t = await ai.translate(fields, lang);
          await savePlaceTranslation(db, {
            placeId: place.id,
            languageCode: lang,
            title: t.title!,
            description: t.description!,
            fullDescription: t.fullDescription ?? null,
            location: t.location!,
            country: countryName ?? t.country!,
          });
          translatedLanguages.push(lang);
        } catch (error) {
          if (!(error instanceof AiError)) throw error;
          failedLanguages.push(lang);
          reasons.add(error.message);
        }
      }
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
