import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

export const AI_PROVIDERS = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... or undefined for embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  publicUrl: string;
  adminPassword: string | undefined;
  ai: {
    provider: AiProviderName;
    model: string | undefined;
    apiKey: string | undefined;
    baseUrl: string | undefined;
  };
  /** Largest accepted upload in bytes. */
  maxUploadBytes: number;
  /**
   * Which reverse proxies may name the client in X-Forwarded-For (Fastify's trustProxy): false,
   * true (any), a hop count, or addresses, CIDR ranges and proxy-addr's named ranges.
   */
  trustProxy: boolean | number | string[];
  /** The in-memory cache of public pages and API answers, in bytes (0 turns it off). */
  renderCacheBytes: number;
  /** Public pages rendered at once; more wait up to renderQueueMs, then get 503. */
  renderConcurrency: number;
  renderQueueMs: number;
  /** Is the environment production (compact logs, no dev tooling)? */
  production: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_ERROR =
  'must be false, true, a number of proxies, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal';

/** One TRUST_PROXY entry: an IP address, a CIDR range or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .default('false')
    .transform((value, ctx): boolean | number | string[] => {
      const text = value.trim().toLowerCase();
      if (text === 'false') return false;
      if (text === 'true') return true;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR });
      return z.NEVER;
    }),
);

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// address' }).optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(8, 'must be at least 8 characters long').max(1000, 'is too long').optional(),
  ),
  AI_PROVIDER: z.preprocess(
    blankToUndefined,
    z.enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` }).default('offline'),
  ),
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  AI_BASE_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// address' }).optional(),
  ),
  MAX_UPLOAD_MB: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes between 1 and 500' })
      .min(1, 'must be a number of megabytes between 1 and 500')
      .max(500, 'must be a number of megabytes between 1 and 500')
      .default(40),
  ),
  TRUST_PROXY: trustProxySchema,
  RENDER_CACHE_MB: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number of megabytes between 0 and 4096' })
      .min(0, 'must be a number of megabytes between 0 and 4096')
      .max(4096, 'must be a number of megabytes between 0 and 4096')
      .default(64),
  ),
  RENDER_CONCURRENCY: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 1 and 64' })
      .int('must be a whole number between 1 and 64')
      .min(1, 'must be a whole number between 1 and 64')
      .max(64, 'must be a whole number between 1 and 64')
      .default(4),
  ),
  RENDER_QUEUE_MS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a number of milliseconds between 0 and 60000' })
      .int('must be a number of milliseconds between 0 and 60000')
      .min(0, 'must be a number of milliseconds between 0 and 60000')
      .max(60_000, 'must be a number of milliseconds between 0 and 60000')
      .default(3_000),
  ),
  NODE_ENV: optionalText,
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

/** Reads and validates the environment. Throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration: AI_BASE_URL is required when AI_PROVIDER is openai-compatible (e.g. http://localhost:11434/v1)',
    );
  }
  if ((e.AI_PROVIDER === 'openai' || e.AI_PROVIDER === 'anthropic') && !e.AI_API_KEY) {
    throw new ConfigError(`Invalid configuration: AI_API_KEY is required when AI_PROVIDER is ${e.AI_PROVIDER}`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminPassword: e.ADMIN_PASSWORD,
    ai: { provider: e.AI_PROVIDER, model: e.AI_MODEL, apiKey: e.AI_API_KEY, baseUrl: e.AI_BASE_URL },
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY,
    renderCacheBytes: Math.round(e.RENDER_CACHE_MB * 1024 * 1024),
    renderConcurrency: e.RENDER_CONCURRENCY,
    renderQueueMs: e.RENDER_QUEUE_MS,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
  };
}

/** For process entry points: a bad environment ends the process with its one-line message. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A config for tests: everything in memory or a temp folder, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ DATA_DIR: overrides.dataDir ?? './.tmp/test-data', LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}
