// The configuration's shape (config.ts fills it from the environment, config-env.ts checks the variables).
import type { SiteSettings } from '../shared/site';
import type { InfoPageTexts } from './info-pages-config';

export const AI_PROVIDERS = ['offline', 'openai', 'anthropic', 'openai-compatible'] as const;
/**
 * How long one model answer may take (docs/decisions/033-model-failures.md): a long article or
 * translation from a hosted model takes 10–30 s; an action with its retries takes at most twice this.
 */
export const AI_TIMEOUT_DEFAULT_MS = 45_000;
/** The same for a photo's analysis: vision models read the image first. */
export const AI_IMAGE_TIMEOUT_DEFAULT_MS = 60_000;
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
    /** Longest wait for one text answer (AI_TIMEOUT_MS); unset: AI_TIMEOUT_DEFAULT_MS. */
    timeoutMs?: number;
    /** Longest wait for one photo's analysis (AI_IMAGE_TIMEOUT_MS); unset: AI_IMAGE_TIMEOUT_DEFAULT_MS. */
    imageTimeoutMs?: number;
    /** The first wait before asking a failing provider again (1 s when unset; tests shorten it). */
    retryBaseMs?: number;
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
