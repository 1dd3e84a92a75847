import { isIP } from 'node:net';
import { z } from 'zod';
import { resolve } from 'node:path';
import { AI_PROVIDERS, type BackupConfig, type S3Config } from './config-types';

// The environment variables the server reads, each checked with a message that names what a good
// value is (README.md "Configuration"); config.ts turns them into the AppConfig.

export class ConfigError extends Error {}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** A variable checked by `schema`, where a blank value counts as unset. */
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);
const optionalText = setting(z.string().optional());

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

const trustProxySchema = setting(
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

/** A number in [min, max], a whole one unless `whole` is false; every failure gives the same one-line `message`. */
function numberBetween(message: string, min: number, max: number, { whole = true } = {}) {
  const number = z.coerce.number({ error: message });
  return (whole ? number.int(message) : number).min(min, message).max(max, message);
}

/** A whole number of milliseconds in [min, max]. */
function milliseconds(min: number, max: number) {
  const message = `must be a whole number of milliseconds between ${min} and ${max}`;
  return setting(numberBetween(message, min, max).optional());
}

/** An optional absolute http(s) address: the site's own, a server's, a link of the public site's footer. */
const httpUrl = setting(
  z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// address' }).optional(),
);

export const envSchema = z.object({
  PORT: setting(numberBetween('must be a whole number between 0 and 65535', 0, 65535).default(3000)),
  HOST: setting(z.string().default('127.0.0.1')),
  DATA_DIR: setting(z.string().default('./data')),
  DATABASE_URL: setting(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: httpUrl,
  ADMIN_PASSWORD: setting(z.string().min(8, 'must be at least 8 characters long').max(1000, 'is too long').optional()),
  AI_PROVIDER: setting(z.enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` }).default('offline')),
  AI_MODEL: optionalText,
  AI_API_KEY: optionalText,
  AI_BASE_URL: httpUrl,
  AI_TIMEOUT_MS: milliseconds(1_000, 600_000),
  AI_IMAGE_TIMEOUT_MS: milliseconds(1_000, 600_000),
  MAX_UPLOAD_MB: setting(
    numberBetween('must be a number of megabytes between 1 and 500', 1, 500, { whole: false }).default(40),
  ),
  TRUST_PROXY: trustProxySchema,
  RENDER_CACHE_MB: setting(
    numberBetween('must be a number of megabytes between 0 and 4096', 0, 4096, { whole: false }).default(64),
  ),
  RENDER_CONCURRENCY: setting(numberBetween('must be a whole number between 1 and 64', 1, 64).default(4)),
  RENDER_QUEUE_MS: setting(
    numberBetween('must be a number of milliseconds between 0 and 60000', 0, 60_000).default(3_000),
  ),
  CACHE_PURGE_URL: httpUrl,
  CDN_MAX_AGE: setting(
    numberBetween('must be a whole number of seconds between 0 and 31536000', 0, 31_536_000).default(86_400),
  ),
  RENDER_BUDGET_PER_MINUTE: setting(
    numberBetween('must be a whole number between 0 and 100000 (0: no limit)', 0, 100_000).default(600),
  ),
  HEADERS_TIMEOUT_MS: milliseconds(1_000, 300_000),
  REQUEST_TIMEOUT_MS: milliseconds(1_000, 86_400_000),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(1_000, 600_000),
  IDLE_TIMEOUT_MS: milliseconds(1_000, 3_600_000),
  MAX_CONNECTIONS_PER_IP: setting(
    numberBetween('must be a whole number between 0 (no cap) and 100000', 0, 100_000).default(0),
  ),
  S3_BUCKET: setting(
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
  MEDIA_PUBLIC_URL: setting(
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
  SITE_NAME: setting(z.string().trim().max(80, 'must be at most 80 characters').optional()),
  SITE_TAGLINE: setting(z.string().trim().max(200, 'must be at most 200 characters').optional()),
  SITE_PUBLISHER_NAME: setting(z.string().trim().max(120, 'must be at most 120 characters').optional()),
  SITE_PUBLISHER_URL: httpUrl,
  MAP_STYLE_URL: httpUrl,
  SITE_EARLIER_VERSION_URL: httpUrl,
  SITE_YOUTUBE_URL: httpUrl,
  SITE_FACEBOOK_URL: httpUrl,
  SITE_INSTAGRAM_URL: httpUrl,
  SITE_TIKTOK_URL: httpUrl,
  SITE_TWITTER_HANDLE: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().replace(/^@/, '')) : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_]{1,15}$/, 'must be an X/Twitter handle: 1 to 15 letters, digits or _')
      .optional(),
  ),
  BACKUP_DIR: optionalText,
  BACKUP_S3_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/,
        'must be s3://bucket/prefix/ (a bucket name, then an optional key prefix)',
      )
      .optional(),
  ),
  BACKUP_EVERY: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z
      .string()
      .regex(/^\d{1,5}(m|h|d)$/, 'must be a number of minutes, hours or days such as 30m, 24h or 7d')
      .refine((text) => durationMs(text) >= 60_000, 'must be at least 1m')
      .default('24h'),
  ),
  BACKUP_KEEP: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 1 and 1000' })
      .int('must be a whole number between 1 and 1000')
      .min(1, 'must be a whole number between 1 and 1000')
      .max(1000, 'must be a whole number between 1 and 1000')
      .default(7),
  ),
  BACKUP_VERIFY: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  ),
  TRANSLATION_WORKER: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  NODE_ENV: optionalText,
  LOG_LEVEL: setting(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export type Env = z.infer<typeof envSchema>;

/** 30m, 24h, 7d in milliseconds (BACKUP_EVERY; checked by its pattern). */
export function durationMs(text: string): number {
  const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[text.slice(-1)] ?? 0;
  return Number(text.slice(0, -1)) * unit;
}

/**
 * Scheduled backups (BACKUP_*), or undefined without BACKUP_DIR and BACKUP_S3_PREFIX. A bucket for
 * backups uses the same AWS_* settings as the media bucket, and may be another bucket.
 */
export function backupFromEnv(e: Env): BackupConfig | undefined {
  const invalid = (message: string) => new ConfigError(`Invalid configuration: ${message}`);
  if (e.BACKUP_DIR && e.BACKUP_S3_PREFIX) {
    throw invalid('set BACKUP_DIR or BACKUP_S3_PREFIX, not both (backups go to one place)');
  }
  const schedule = {
    everyMs: durationMs(e.BACKUP_EVERY),
    every: e.BACKUP_EVERY,
    keep: e.BACKUP_KEEP,
    verify: e.BACKUP_VERIFY === 'on',
  };
  if (e.BACKUP_DIR) return { target: { kind: 'folder', dir: resolve(e.BACKUP_DIR) }, ...schedule };
  if (!e.BACKUP_S3_PREFIX) return undefined;
  const [, bucket = '', prefix = ''] = /^s3:\/\/([^/]+)\/?(.*)$/.exec(e.BACKUP_S3_PREFIX) ?? [];
  if (!e.AWS_REGION)
    throw invalid('AWS_REGION is required when BACKUP_S3_PREFIX is set (any region name, e.g. us-east-1, for MinIO)');
  const media = s3FromEnv({
    ...e,
    S3_BUCKET: bucket,
    S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE,
    MEDIA_PUBLIC_URL: undefined,
  });
  return {
    target: { kind: 's3', s3: media!, prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix },
    ...schedule,
  };
}

/**
 * The bucket settings, or undefined when S3_BUCKET is unset (media on the local disk). The AWS_*
 * variables are the SDK's standard ones; they are checked only with S3_BUCKET, since other tools on
 * the machine may set them for their own use.
 */
export function s3FromEnv(e: Env): S3Config | undefined {
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
