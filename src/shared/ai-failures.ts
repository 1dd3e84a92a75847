/**
 * Why a call to the AI model failed, as a stable code: in error answers (`code` beside `error`),
 * in the server log (`failure`) and in a failed translation's record. Each has one plain sentence
 * the owner reads (src/server/ai/failures.ts); the provider's own words go to the log only.
 * docs/decisions/033-model-failures.md.
 */
export const AI_FAILURE_CODES = [
  /** The answer was not the JSON the request asked for (malformed, wrong fields, too long a field). */
  'ai_bad_answer',
  /** The answer was larger than the product reads (the size cap). */
  'ai_too_large',
  /** The model declined to answer (a refusal, a content filter). */
  'ai_refused',
  /** No complete answer within AI_TIMEOUT_MS (AI_IMAGE_TIMEOUT_MS for photos). */
  'ai_timed_out',
  /** The provider asked to slow down (HTTP 429); when to try again is known when it said so. */
  'ai_rate_limited',
  /** The provider failed or could not be reached (5xx, connection refused or reset). */
  'ai_unavailable',
  /** The provider refused the request itself (key, model name, quota): the site's AI settings. */
  'ai_setup',
  /** A translation came back in another language than the one asked for. */
  'ai_wrong_language',
  /** No AI model is set up (the offline writer cannot translate). */
  'ai_not_set_up',
] as const;

export type AiFailureCode = (typeof AI_FAILURE_CODES)[number];
