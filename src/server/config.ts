import { resolve } from 'node:path';
import { SOCIAL_KINDS, SOCIAL_LABELS, type SiteSettings } from '../shared/site';
import { infoPagesFromEnv, type InfoPageTexts } from './info-pages-config';

export type { AiProviderName } from './config-env';

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

/** Scheduled backups (BACKUP_*; src/server/backup/backup-schedule.ts). */
export interface BackupConfig {
  /** A folder (BACKUP_DIR) or a key prefix in a bucket (BACKUP_S3_PREFIX). */
  target: { kind: 'folder'; dir: string } | { kind: 's3'; s3: S3Config; prefix: string };
  /** BACKUP_EVERY in milliseconds, and as written (24h). */
  everyMs: number;
  every: string;
  /** BACKUP_KEEP: the newest archives kept; older ones are removed after each backup. */
  keep: number;
  /** BACKUP_VERIFY: restore each backup into a temporary folder and check it (npm run restore -- --verify). */
  verify: boolean;
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
  /** Scheduled backups; undefined without BACKUP_DIR or BACKUP_S3_PREFIX. */
  backup?: BackupConfig;
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

import { backupFromEnv, ConfigError, envSchema, s3FromEnv, type AiProviderName } from './config-env';

export { ConfigError };

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
  const backup = backupFromEnv(e);
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
    ...(backup ? { backup } : {}),
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
