import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SOCIAL_KINDS, SOCIAL_LABELS, type SiteSettings } from '../shared/site';
import { infoPagesFromEnv, type InfoPageTexts } from './info-pages-config';

export const AI_PROVIDERS = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** An S3-compatible bucket that holds the media instead of DATA_DIR/media (S3_BUCKET). */
export interface S3Config {
  bucket: string;
  region: string;
  /** AWS_ENDPOINT_URL_S3: another S3-compatible service (MinIO, R2, ...); undefined for AWS itself. */
  endpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE: bucket in the path (endpoint/bucket/key) instead of the host name. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY; undefined leaves them to the SDK (instance role, profile, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

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
  /** Where media goes when not under dataDir/media (see media/storage.ts, createStorage). */
  s3?: S3Config;
  /**
   * Public base address of the bucket's objects (a CDN or a public bucket, MEDIA_PUBLIC_URL, no
   * trailing slash): /media/<key> then redirects to <mediaPublicUrl>/<key>. Stored image addresses
   * stay /media/..., so moving between stores never rewrites rows.
   */
  mediaPublicUrl?: string;
  /**
   * Which reverse proxies may name the client in X-Forwarded-For (Fastify's trustProxy): false,
   * true (any), a hop count, or addresses, CIDR ranges and proxy-addr's named ranges.
   */
  trustProxy: boolean | number | string[];
  /** The in-memory cache of public pages and API answers, in bytes (0 turns it off). */
  renderCacheBytes: number;
  /** CACHE_PURGE_URL: where Varnish takes `PURGE` requests with `xkey-purge` (cache/cdn-purge.ts); unset: none sent. */
  cachePurgeUrl?: string;
  /** CDN_MAX_AGE: seconds a shared cache (Varnish, a CDN) may keep a public answer until purged (`s-maxage`). */
  cdnMaxAge: number;
  /** Public pages rendered at once; more wait up to renderQueueMs, then get 503. */
  renderConcurrency: number;
  renderQueueMs: number;
  /** Answers not in the cache (renders) one client may cause per minute; 0: no limit. */
  renderBudgetPerMinute: number;
  /** Slow-client limits of the HTTP server (see docs/security.md, "Timeouts"). */
  timeouts: {
    /** The whole request line and headers must arrive within this (Node's headersTimeout). */
    headersMs: number;
    /** The whole request, body included, must arrive within this (Node's requestTimeout). */
    requestMs: number;
    /** An idle keep-alive connection is closed after this (Node's keepAliveTimeout). */
    keepAliveMs: number;
    /** A connection on which no byte moves either way is closed after this (Fastify's connectionTimeout). */
    idleMs: number;
  };
  /** Open connections allowed from one client address; 0 for no cap. */
  maxConnectionsPerIp: number;
  /** Who publishes the site and where its footer links to (SITE_*; none by default). */
  site: SiteSettings;
  /** The site's name and footer tagline in every language, over the interface texts (SITE_NAME, SITE_TAGLINE). */
  siteTexts: { name?: string; tagline?: string };
  /** The texts of the footer's pages that this site serves (SITE_ABOUT_TEXT, ...; info-pages-config.ts). */
  infoPageTexts: InfoPageTexts;
  /** The translation queue (src/server/translation/queue.ts). */
  translationJobs: TranslationJobsConfig;
  /** Is the environment production (compact logs, no dev tooling)? */
  production: boolean;
  logLevel: string;
}

/** The translation queue: whether this process works on it, and its timing (tests shorten it). */
export interface TranslationJobsConfig {
  /** TRANSLATION_WORKER: run the worker in this process (with several instances, any may). */
  worker: boolean;
  /** How often an idle worker looks for jobs another instance queued (its own wake it at once). */
  pollMs: number;
  /** Wait before the first retry of a failed job; doubled for each further attempt, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before a job stays failed until the next edit or Translate. */
  maxAttempts: number;
  /** A running job whose worker has not confirmed its lock for this long is taken over. */
  lockTimeoutMs: number;
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

/** A whole number of milliseconds in [min, max]; every failure gives the same one-line message. */
function milliseconds(min: number, max: number) {
  const message = `must be a whole number of milliseconds between ${min} and ${max}`;
  return z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

/** An optional link of the public site's footer: absolute http(s). */
const siteUrl = z.preprocess(
  blankToUndefined,
  z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// address' }).optional(),
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
  CACHE_PURGE_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// address' }).optional(),
  ),
  CDN_MAX_AGE: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of seconds between 0 and 31536000' })
      .int('must be a whole number of seconds between 0 and 31536000')
      .min(0, 'must be a whole number of seconds between 0 and 31536000')
      .max(31_536_000, 'must be a whole number of seconds between 0 and 31536000')
      .default(86_400),
  ),
  RENDER_BUDGET_PER_MINUTE: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 and 100000 (0: no limit)' })
      .int('must be a whole number between 0 and 100000 (0: no limit)')
      .min(0, 'must be a whole number between 0 and 100000 (0: no limit)')
      .max(100_000, 'must be a whole number between 0 and 100000 (0: no limit)')
      .default(600),
  ),
  HEADERS_TIMEOUT_MS: milliseconds(1_000, 300_000),
  REQUEST_TIMEOUT_MS: milliseconds(1_000, 86_400_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(1_000, 600_000),
  IDLE_TIMEOUT_MS: milliseconds(1_000, 3_600_000),
  MAX_CONNECTIONS_PER_IP: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 (no cap) and 100000' })
      .int('must be a whole number between 0 (no cap) and 100000')
      .min(0, 'must be a whole number between 0 (no cap) and 100000')
      .max(100_000, 'must be a whole number between 0 (no cap) and 100000')
      .default(0),
  ),
  S3_BUCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  MEDIA_PUBLIC_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https$/, error: 'must be an absolute https:// address (pages load images only over https)' })
      .refine((url) => !/[?#]/.test(url), 'must be a plain base address, without ? or #')
      .optional(),
  ),
  // The AWS SDK's own variables, read only when S3_BUCKET is set (see s3FromEnv).
  AWS_REGION: optionalText,
  AWS_ENDPOINT_URL_S3: optionalText,
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  SITE_NAME: z.preprocess(blankToUndefined, z.string().trim().max(80, 'must be at most 80 characters').optional()),
  SITE_TAGLINE: z.preprocess(blankToUndefined, z.string().trim().max(200, 'must be at most 200 characters').optional()),
  SITE_PUBLISHER_NAME: z.preprocess(
    blankToUndefined,
    z.string().trim().max(120, 'must be at most 120 characters').optional(),
  ),
  SITE_PUBLISHER_URL: siteUrl,
  MAP_STYLE_URL: siteUrl,
  SITE_EARLIER_VERSION_URL: siteUrl,
  SITE_YOUTUBE_URL: siteUrl,
  SITE_FACEBOOK_URL: siteUrl,
  SITE_INSTAGRAM_URL: siteUrl,
  SITE_TIKTOK_URL: siteUrl,
  SITE_TWITTER_HANDLE: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().replace(/^@/, '')) : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_]{1,15}$/, 'must be an X/Twitter handle: 1 to 15 letters, digits or _')
      .optional(),
  ),
  TRANSLATION_WORKER: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  NODE_ENV: optionalText,
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

type Env = z.infer<typeof envSchema>;

/**
 * The bucket settings, or undefined when S3_BUCKET is unset (media on the local disk). The AWS_*
 * variables are the SDK's standard ones; they are checked only with S3_BUCKET, since other tools on
 * the machine may set them for their own use.
 */
function s3FromEnv(e: Env): S3Config | undefined {
  const invalid = (message: string) => new ConfigError(`Invalid configuration: ${message}`);
  if (!e.S3_BUCKET) {
    if (e.S3_FORCE_PATH_STYLE === 'true') {
      throw invalid('S3_FORCE_PATH_STYLE needs S3_BUCKET (media is on the local disk without it)');
    }
    if (e.MEDIA_PUBLIC_URL) {
      throw invalid('MEDIA_PUBLIC_URL needs S3_BUCKET (it is the public address of the bucket)');
    }
    return undefined;
  }
  if (!e.AWS_REGION) {
    throw invalid('AWS_REGION is required when S3_BUCKET is set (any region name, e.g. us-east-1, for MinIO)');
  }
  if (e.AWS_ENDPOINT_URL_S3 && !z.url({ protocol: /^https?$/ }).safeParse(e.AWS_ENDPOINT_URL_S3).success) {
    throw invalid('AWS_ENDPOINT_URL_S3 must be an absolute http:// or https:// address');
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw invalid(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, for an instance role)',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.AWS_REGION,
    endpoint: e.AWS_ENDPOINT_URL_S3?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

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
  const headersMs = e.HEADERS_TIMEOUT_MS ?? 15_000;
  // Long enough for a MAX_UPLOAD_MB upload at about 0.8 Mbit/s (10 s per MB), and never under 2 minutes.
  const requestMs = e.REQUEST_TIMEOUT_MS ?? Math.max(120_000, Math.ceil(e.MAX_UPLOAD_MB * 10_000));
  if (headersMs > requestMs) {
    throw new ConfigError(
      `Invalid configuration: HEADERS_TIMEOUT_MS (${headersMs}) must not be longer than REQUEST_TIMEOUT_MS (${requestMs})`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const s3 = s3FromEnv(e);
  const infoPages = infoPagesFromEnv(env, (message) => {
    throw new ConfigError(message);
  });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminPassword: e.ADMIN_PASSWORD,
    ai: { provider: e.AI_PROVIDER, model: e.AI_MODEL, apiKey: e.AI_API_KEY, baseUrl: e.AI_BASE_URL },
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    ...(s3 ? { s3 } : {}),
    ...(e.MEDIA_PUBLIC_URL ? { mediaPublicUrl: e.MEDIA_PUBLIC_URL.replace(/\/+$/, '') } : {}),
    trustProxy: e.TRUST_PROXY,
    renderCacheBytes: Math.round(e.RENDER_CACHE_MB * 1024 * 1024),
    ...(e.CACHE_PURGE_URL ? { cachePurgeUrl: e.CACHE_PURGE_URL } : {}),
    cdnMaxAge: e.CDN_MAX_AGE,
    renderConcurrency: e.RENDER_CONCURRENCY,
    renderQueueMs: e.RENDER_QUEUE_MS,
    renderBudgetPerMinute: e.RENDER_BUDGET_PER_MINUTE,
    timeouts: {
      headersMs,
      requestMs,
      // Longer than the 60 s idle time of common proxies and load balancers, so they never reuse a
      // connection this server is closing (Fastify's own default).
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS ?? 72_000,
      // Above the longest wait of a handler (an AI call may take 90 s) with nothing written yet.
      idleMs: e.IDLE_TIMEOUT_MS ?? 300_000,
    },
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    site: {
      publisherName: e.SITE_PUBLISHER_NAME ?? '',
      publisherUrl: e.SITE_PUBLISHER_URL ?? '',
      earlierVersionUrl: e.SITE_EARLIER_VERSION_URL ?? '',
      social: SOCIAL_KINDS.flatMap((kind) => {
        const url = {
          youtube: e.SITE_YOUTUBE_URL,
          facebook: e.SITE_FACEBOOK_URL,
          instagram: e.SITE_INSTAGRAM_URL,
          tiktok: e.SITE_TIKTOK_URL,
        }[kind];
        return url ? [{ kind, label: SOCIAL_LABELS[kind], url }] : [];
      }),
      twitterHandle: e.SITE_TWITTER_HANDLE ?? '',
      mapStyleUrl: e.MAP_STYLE_URL ?? '',
      infoPages: infoPages.links,
    },
    siteTexts: { name: e.SITE_NAME, tagline: e.SITE_TAGLINE },
    infoPageTexts: infoPages.texts,
    translationJobs: {
      worker: e.TRANSLATION_WORKER === 'on',
      pollMs: 5_000,
      retryBaseMs: 30_000,
      retryMaxMs: 30 * 60_000,
      maxAttempts: 5,
      lockTimeoutMs: 5 * 60_000,
    },
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
