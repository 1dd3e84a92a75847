import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { factsDto, historyDto } from './public';

/** Body of POST /api/admin/places/{id}/history and /facts. The screens always send 'en'. */
export const generationRequest = z
  .object({ languageCode: z.enum(LANGUAGE_CODES, { error: 'languageCode must be one of en, es, de, fr, zh' }) })
  .partial()
  .default({});

/** Set when nothing was written: no AI model is configured (NO_MODEL_MESSAGE). */
const message = z.string().optional();

export const historyResponse = z.object({ history: historyDto, fromCache: z.boolean(), message });
export type HistoryResponse = z.infer<typeof historyResponse>;

export const factsResponse = z.object({ facts: factsDto, fromCache: z.boolean(), message });
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

/**
 * The answer of History, Trivia and Translate when the server has no AI model (docs/decisions/037):
 * 200 with nothing written, recorded or marked failed.
 */
export const NO_MODEL_MESSAGE =
  'No AI model is configured, so nothing was written or translated. Whoever runs the site can connect one; until then, write history, trivia and translations by hand in Languages.';

/**
 * Answer of POST /api/admin/places/{id}/rewrite: the model wrote the English again (`rewritten`,
 * with the new title), or nothing was written (no AI model: NO_MODEL_MESSAGE).
 */
export const rewriteResponse = z.object({ rewritten: z.boolean(), title: z.string(), message: z.string() });
export type RewriteResponse = z.infer<typeof rewriteResponse>;
