import type { AiFailureCode } from '../../shared/ai-failures';
import { LANGUAGES } from '../../shared/languages';

export type { AiFailureCode };

interface AiErrorDetails {
  /** The provider's own words (its error message, a refusal), for the server log only: never shown. */
  detail?: string;
  /** The provider asked not to be called again sooner (Retry-After, retry-after-ms). */
  retryAfterMs?: number;
  /** ai_wrong_language: the language asked for and the one the answer was written in. */
  languages?: { wanted: string; got: string };
}

const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? 'another language';

/** "in about 3 minutes", "in about 40 seconds": when the provider said to try again. */
function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `in about ${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `in about ${minutes} minutes` : `in about ${Math.ceil(minutes / 60)} hours`;
}

/** What the owner reads for each failure: what happened, and what to do next; never the provider's words. */
function ownerSentences(code: AiFailureCode, details: AiErrorDetails): [what: string, next: string] {
  switch (code) {
    case 'ai_bad_answer':
      return [
        'The model’s answer was not in the expected form.',
        'Please try again; if it keeps happening, the model may not suit this site.',
      ];
    case 'ai_too_large':
      return ['The model’s answer was far longer than a page can hold, so it was not used.', 'Please try again.'];
    case 'ai_refused':
      return ['The model declined to write this.', 'Write the text yourself, or try again later.'];
    case 'ai_timed_out':
      return ['The model did not answer in time.', 'Please try again in a few minutes.'];
    case 'ai_rate_limited':
      return [
        'The AI provider is busy and asked us to wait.',
        `Please try again ${details.retryAfterMs !== undefined ? waitWords(details.retryAfterMs) : 'in a few minutes'}.`,
      ];
    case 'ai_unavailable':
      return ['The AI provider is not answering right now.', 'Please try again in a few minutes.'];
    case 'ai_setup':
      return [
        'The AI provider refused the request.',
        'Ask whoever runs the site to check its AI settings (key, model and plan).',
      ];
    case 'ai_wrong_language': {
      const { wanted, got } = details.languages ?? { wanted: '', got: '' };
      return [
        `The model answered in ${languageName(got)} instead of ${languageName(wanted)}, so the translation was not used.`,
        'Please try again.',
      ];
    }
    case 'ai_not_set_up':
      return [
        'No AI model is set up, so nothing could be translated.',
        'Ask whoever runs the site to set one up, then use Translate again.',
      ];
  }
}

/**
 * The AI layer could not produce a valid answer. `message` is fit to show the owner (a plain
 * sentence per `code`); `detail` keeps the provider's own words for the log.
 */
export class AiError extends Error {
  readonly detail: string | undefined;
  readonly retryAfterMs: number | undefined;
  /** The first sentence alone: what happened (for a caller that says itself what happens next). */
  readonly what: string;

  constructor(
    readonly code: AiFailureCode,
    details: AiErrorDetails = {},
  ) {
    const [what, next] = ownerSentences(code, details);
    super(`${what} ${next}`);
    this.name = 'AiError';
    this.what = what;
    this.detail = details.detail;
    this.retryAfterMs = details.retryAfterMs;
  }
}
