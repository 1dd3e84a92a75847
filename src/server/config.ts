import { resolve } from 'node:path';
import { SOCIAL_KINDS, SOCIAL_LABELS } from '../shared/site';
import { infoPagesFromEnv } from './info-pages-config';

import { backupFromEnv, ConfigError, envSchema, s3FromEnv } from './config-env';
import { AI_IMAGE_TIMEOUT_DEFAULT_MS, AI_TIMEOUT_DEFAULT_MS, type AppConfig } from './config-types';

// The configuration's types live in config-types.ts (config-env.ts reads them too); importers keep this address.
export type { AppConfig, BackupConfig, S3Config, TranslationJobsConfig } from './config-types';

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
    ai: {
      provider: e.AI_PROVIDER,
      model: e.AI_MODEL,
      apiKey: e.AI_API_KEY,
      baseUrl: e.AI_BASE_URL,
      timeoutMs: e.AI_TIMEOUT_MS ?? AI_TIMEOUT_DEFAULT_MS,
      imageTimeoutMs: e.AI_IMAGE_TIMEOUT_MS ?? AI_IMAGE_TIMEOUT_DEFAULT_MS,
    },
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
      // Above the longest wait of a handler (an AI action takes at most twice AI_IMAGE_TIMEOUT_MS) with nothing written yet.
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
      aiModel: e.AI_PROVIDER !== 'offline',
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
