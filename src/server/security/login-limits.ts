import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LoginResponse } from '../../shared/api/auth';

/** The coarse per-address cap on POST /api/admin/login, on top of the failure counter. */
export const LOGIN_RATE_LIMIT_MAX = 30;
export const LOGIN_RATE_LIMIT_WINDOW_MS = 60_000;
/** Addresses named in warnings per window; past that one summary line, then silence. */
const WARNINGS_PER_WINDOW = 20;

/** The rate limiter's refusal; the login route answers it as a `LoginResponse` with Retry-After. */
export class LoginFloodError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many sign-in requests');
    this.name = 'LoginFloodError';
  }
}

const inTime = (seconds: number) => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** The 429 bodies of the login route: small, in the route's own response shape. */
export const loginRefusals = {
  throttled: (retryAfterSeconds: number): LoginResponse => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return {
      success: false,
      message: `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      code: 'rate_limited',
    };
  },
  flood: (retryAfterSeconds: number): LoginResponse => ({
    success: false,
    message: `Too many sign-in requests. Please try again in ${inTime(retryAfterSeconds)}.`,
    code: 'rate_limited',
  }),
  busy: (): LoginResponse => ({
    success: false,
    message: 'The server is busy checking other sign-ins. Please try again in a moment.',
    code: 'server_busy',
  }),
};

/**
 * Log-flood guard: answers 'log' the first time a key is seen in the current window (at most
 * `perWindow` keys per window), 'summary' once when that cap is first passed, else 'quiet'.
 * Memory is bounded by `perWindow` keys.
 */
export function createWarnOnce(windowMs: number, perWindow = WARNINGS_PER_WINDOW) {
  let windowEnd = 0;
  let summarized = false;
  const seen = new Set<string>();
  return (key: string, now = Date.now()): 'log' | 'summary' | 'quiet' => {
    if (now >= windowEnd) {
      windowEnd = now + windowMs;
      summarized = false;
      seen.clear();
    }
    if (seen.has(key)) return 'quiet';
    if (seen.size < perWindow) {
      seen.add(key);
      return 'log';
    }
    if (summarized) return 'quiet';
    summarized = true;
    return 'summary';
  };
}

export type LoginRefusalKind = 'flood' | 'throttled' | 'busy';

const WARNINGS: Record<LoginRefusalKind, string> = {
  flood: 'sign-in rate limit exceeded; further refusals for this address are not logged this minute',
  throttled: 'sign-ins locked for this address after too many failed attempts; not logged again this minute',
  busy: 'password hashing is saturated; sign-ins are refused with 429 until it drains',
};

/**
 * Warns at most once per minute per kind and address (and at most 20 addresses a minute), so a
 * flood of refused sign-ins cannot fill the disk with log lines. Refusals are never errors.
 */
export function createLoginRefusalLog() {
  const once = createWarnOnce(LOGIN_RATE_LIMIT_WINDOW_MS);
  return (log: FastifyBaseLogger, kind: LoginRefusalKind, address: string) => {
    // 'busy' is server-wide: one line a minute whatever the address
    const verdict = once(kind === 'busy' ? kind : `${kind} ${address}`);
    if (verdict === 'log') log.warn(kind === 'busy' ? {} : { address }, WARNINGS[kind]);
    else if (verdict === 'summary')
      log.warn('many addresses are refused sign-ins; no more of these warnings this minute');
  };
}

/**
 * Route options for @fastify/rate-limit: a LoginFloodError (answered as a small JSON 429 by the
 * route's error handler) and one warning per address per window instead of one per request.
 */
export function loginRateLimit(warn: ReturnType<typeof createLoginRefusalLog>): RateLimitOptions {
  return {
    max: LOGIN_RATE_LIMIT_MAX,
    timeWindow: LOGIN_RATE_LIMIT_WINDOW_MS,
    onExceeded: (req: FastifyRequest, key: string) => warn(req.log, 'flood', key),
    errorResponseBuilder: (_req, context) => new LoginFloodError(Math.max(1, Math.ceil(context.ttl / 1000))),
  };
}
