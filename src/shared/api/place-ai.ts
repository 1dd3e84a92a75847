import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { factsDto, historyDto } from './public';

/** Body of POST /api/admin/places/{id}/history and /facts. The screens always send 'en'. */
export const generationRequest = z
  .object({ languageCode: z.enum(LANGUAGE_CODES, { error: 'languageCode must be one of en, es, de, fr, zh' }) })
  .partial()
  .default({});

export const historyResponse = z.object({ history: historyDto, fromCache: z.boolean() });
export type HistoryResponse = z.infer<typeof historyResponse>;

export const factsResponse = z.object({ facts: factsDto, fromCache: z.boolean() });
export type FactsResponse = z.infer<typeof factsResponse>;

/** How many events or facts an answer brings ('no' brings none, whatever its list holds). */
export const eventCount = ({ history }: HistoryResponse) => (history.hasEvents === 'yes' ? history.events.length : 0);
export const factCount = ({ facts }: FactsResponse) => (facts.hasFacts === 'yes' ? facts.facts.length : 0);

export const translateResponse = z.object({
  translatedLanguages: z.array(z.string()),
  failedLanguages: z.array(z.string()),
  /** Languages a person wrote that lag behind the English: kept as written, for the editor to update. */
  keptLanguages: z.array(z.string()),
  message: z.string(),
});
export type TranslateResponse = z.infer<typeof translateResponse>;

export const ALL_LANGUAGES_TRANSLATED = 'All languages already translated';
