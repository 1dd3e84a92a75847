import { AiError } from './errors';

/** Longest Retry-After the product honours: asked for more, the action stops and says when to try again. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** What the AI SDK's APICallError carries (read by shape: the SDK's classes live in a package of its own). */
interface ApiCallFailure {
  statusCode?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  message: string;
}

const isApiCallError = (error: unknown): error is ApiCallFailure & Error =>
  error instanceof Error && error.name === 'AI_APICallError';

/**
 * How long the provider asked us to wait: `retry-after-ms` (OpenAI), else `Retry-After` in seconds
 * or as an HTTP date; undefined when it did not say (or said nonsense). Never more than MAX_RETRY_AFTER_MS.
 */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const get = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();
  const ms = Number(get('retry-after-ms'));
  if (get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_AFTER_MS);
  const value = get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** The provider's own message in an error body ({ error: { message } } and the like), short, for the log. */
function providerWords(error: ApiCallFailure): string {
  try {
    const body = JSON.parse(error.responseBody ?? '') as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON: the SDK's own message below
  }
  return error.message.split('\n')[0]!.slice(0, 300);
}

/** A refusal written as the answer instead of the JSON asked for. */
const REFUSAL =
  /^\s*["']?(I['’]m sorry|I am sorry|Sorry,|I can(no|['’])t|I am unable|I['’]m unable|I won['’]t|As an AI)/i;

const firstLine = (error: Error) => error.message.split('\n')[0]!.slice(0, 300);

/**
 * Any failure of one model call as an AiError with its code: the SDK's HTTP and parsing errors,
 * the abort of our own deadline, and the AiErrors the bounded fetch and the checks throw.
 */
export function classify(error: unknown, deadlineReached: boolean): AiError {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AiError) return cause;
  }
  if (error instanceof Error && (deadlineReached || error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new AiError('ai_timed_out', { detail: firstLine(error) });
  }
  if (isApiCallError(error)) {
    const status = error.statusCode;
    const detail = `${status ? `HTTP ${status}: ` : ''}${providerWords(error)}`;
    if (status === 429)
      return new AiError('ai_rate_limited', { detail, retryAfterMs: retryAfterMs(error.responseHeaders) });
    if (status === undefined || status >= 500 || status === 408) {
      const wait = retryAfterMs(error.responseHeaders);
      return new AiError('ai_unavailable', { detail, ...(wait !== undefined ? { retryAfterMs: wait } : {}) });
    }
    return new AiError('ai_setup', { detail });
  }
  if (error instanceof Error && error.name === 'AI_NoObjectGeneratedError') {
    const { finishReason, text } = error as Error & { finishReason?: string; text?: string };
    if (finishReason === 'content-filter' || REFUSAL.test(text ?? '')) {
      return new AiError('ai_refused', { detail: (text || `finish reason ${finishReason}`).slice(0, 300) });
    }
    if (finishReason === 'length')
      return new AiError('ai_too_large', { detail: 'the answer reached the output token limit' });
    return new AiError('ai_bad_answer', { detail: firstLine(error) });
  }
  if (error instanceof Error && error.name === 'ZodError') {
    const issue = (error as Error & { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues?.[0];
    return new AiError('ai_bad_answer', {
      detail: issue ? `${issue.path.map(String).join('.') || 'answer'}: ${issue.message}` : firstLine(error),
    });
  }
  return new AiError('ai_unavailable', { detail: error instanceof Error ? firstLine(error) : 'unknown error' });
}

/** Answer problems: worth one more try at once. Provider problems wait (backoff, Retry-After). */
export const isAnswerProblem = (error: AiError) =>
  error.code === 'ai_bad_answer' || error.code === 'ai_too_large' || error.code === 'ai_wrong_language';
