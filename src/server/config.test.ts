import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The configuration with media in the bucket 'travel-media' in `region`, and the other variables `env`. */
const withBucket = (region: string, env: Record<string, string> = {}) =>
  loadConfig({ S3_BUCKET: 'travel-media', AWS_REGION: region, ...env });

describe('configuration from the environment', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.ai.provider).toBe('offline');
    expect(config.maxUploadBytes).toBe(40 * 1024 * 1024);
    expect(config.trustProxy).toBe(false);
    expect(config.translationJobs.worker).toBe(true);
    expect(config.cachePurgeUrl).toBeUndefined();
    expect(config.cdnMaxAge).toBe(86_400);
  });

  it('reads where to purge a shared cache and how long it may keep public answers', () => {
    const config = loadConfig({ CACHE_PURGE_URL: 'http://varnish:80/', CDN_MAX_AGE: '3600' });
    expect(config.cachePurgeUrl).toBe('http://varnish:80/');
    expect(config.cdnMaxAge).toBe(3600);
    expect(loadConfig({ CDN_MAX_AGE: '0' }).cdnMaxAge).toBe(0);
  });

  it('reads scheduled backups into a folder or a bucket prefix, and refuses bad values in one line', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/srv/backups' }).backup).toEqual({
      target: { kind: 'folder', dir: '/srv/backups' },
      everyMs: 86_400_000,
      every: '24h',
      keep: 7,
      verify: false,
    });
    const s3 = loadConfig({
      BACKUP_S3_PREFIX: 's3://site-backups/travel',
      BACKUP_EVERY: '12h',
      BACKUP_KEEP: '14',
      BACKUP_VERIFY: 'on',
      AWS_REGION: 'eu-west-1',
    }).backup;
    expect(s3).toMatchObject({ everyMs: 43_200_000, keep: 14, verify: true });
    expect(s3?.target).toMatchObject({
      kind: 's3',
      prefix: 'travel/',
      s3: { bucket: 'site-backups', region: 'eu-west-1' },
    });
    expect(() => loadConfig({ BACKUP_DIR: '/a', BACKUP_S3_PREFIX: 's3://b-b/x' })).toThrow(/not both/);
    expect(() => loadConfig({ BACKUP_DIR: '/a', BACKUP_EVERY: 'daily' })).toThrow(
      'Invalid configuration: BACKUP_EVERY must be a number of minutes, hours or days such as 30m, 24h or 7d',
    );
    expect(() => loadConfig({ BACKUP_DIR: '/a', BACKUP_EVERY: '0m' })).toThrow(/BACKUP_EVERY must be at least 1m/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be a whole number between 1 and 1000/);
    expect(() => loadConfig({ BACKUP_S3_PREFIX: 'backups/' })).toThrow(
      /BACKUP_S3_PREFIX must be s3:\/\/bucket\/prefix\//,
    );
    expect(() => loadConfig({ BACKUP_S3_PREFIX: 's3://site-backups/' })).toThrow(/AWS_REGION is required/);
  });

  it('runs the translation worker unless TRANSLATION_WORKER=off', () => {
    expect(loadConfig({ TRANSLATION_WORKER: 'off' }).translationJobs.worker).toBe(false);
    expect(loadConfig({ TRANSLATION_WORKER: ' ON ' }).translationJobs.worker).toBe(true);
  });

  it.each([
    ['true', true],
    ['FALSE', false],
    ['1', 1],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.1.10, ::1, fd00::/8', ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('offers an interactive map only with MAP_STYLE_URL', () => {
    expect(loadConfig({}).site.mapStyleUrl).toBe('');
    const url = 'https://tiles.travel.example/styles/light.json';
    expect(loadConfig({ MAP_STYLE_URL: url }).site.mapStyleUrl).toBe(url);
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://travel.example/' }).publicUrl).toBe('https://travel.example');
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres/],
    [{ PUBLIC_URL: 'travel.example' }, /^Invalid configuration: PUBLIC_URL /],
    [{ MAP_STYLE_URL: 'ftp://tiles.example/style.json' }, /^Invalid configuration: MAP_STYLE_URL /],
    [{ AI_PROVIDER: 'skynet' }, /^Invalid configuration: AI_PROVIDER must be one of offline, openai/],
    [{ AI_PROVIDER: 'openai-compatible' }, /^Invalid configuration: AI_BASE_URL is required/],
    [{ AI_PROVIDER: 'openai' }, /^Invalid configuration: AI_API_KEY is required/],
    [{ ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD must be at least 8/],
    [{ MAX_UPLOAD_MB: '0' }, /^Invalid configuration: MAX_UPLOAD_MB /],
    [{ TRANSLATION_WORKER: 'maybe' }, /^Invalid configuration: TRANSLATION_WORKER must be on or off/],
    [{ CACHE_PURGE_URL: 'varnish:6081' }, /^Invalid configuration: CACHE_PURGE_URL must be an absolute http/],
    [{ CACHE_PURGE_URL: 'ftp://varnish/' }, /^Invalid configuration: CACHE_PURGE_URL must be an absolute http/],
    [{ CDN_MAX_AGE: '-1' }, /^Invalid configuration: CDN_MAX_AGE must be a whole number of seconds/],
    [{ CDN_MAX_AGE: '1.5' }, /^Invalid configuration: CDN_MAX_AGE must be a whole number of seconds/],
    [{ CDN_MAX_AGE: 'a day' }, /^Invalid configuration: CDN_MAX_AGE must be a whole number of seconds/],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY must be false, true, a number of proxies/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid configuration: TRUST_PROXY /],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, /^Invalid configuration: TRUST_PROXY /],
    [
      { S3_BUCKET: 'My_Bucket', AWS_REGION: 'eu-west-1' },
      /^Invalid configuration: S3_BUCKET must be an S3 bucket name/,
    ],
    [{ S3_BUCKET: 'media' }, /^Invalid configuration: AWS_REGION is required when S3_BUCKET is set/],
    [
      { S3_BUCKET: 'media', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'AKIA' },
      /^Invalid configuration: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together/,
    ],
    [
      { S3_BUCKET: 'media', AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'minio:9000' },
      /^Invalid configuration: AWS_ENDPOINT_URL_S3 must be an absolute http/,
    ],
    [
      { S3_BUCKET: 'media', AWS_REGION: 'x', S3_FORCE_PATH_STYLE: 'yes' },
      /^Invalid configuration: S3_FORCE_PATH_STYLE must be true or false/,
    ],
    [{ S3_FORCE_PATH_STYLE: 'true' }, /^Invalid configuration: S3_FORCE_PATH_STYLE needs S3_BUCKET/],
    [{ MEDIA_PUBLIC_URL: 'https://cdn.example' }, /^Invalid configuration: MEDIA_PUBLIC_URL needs S3_BUCKET/],
    [
      { S3_BUCKET: 'media', AWS_REGION: 'x', MEDIA_PUBLIC_URL: 'http://cdn.example' },
      /^Invalid configuration: MEDIA_PUBLIC_URL must be an absolute https:\/\/ address/,
    ],
    [
      { S3_BUCKET: 'media', AWS_REGION: 'x', MEDIA_PUBLIC_URL: 'https://cdn.example/?v=1' },
      /^Invalid configuration: MEDIA_PUBLIC_URL must be a plain base address/,
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('accepts a PostgreSQL URL and an OpenAI-compatible server', () => {
    const databaseUrl = 'postgres://postgres@127.0.0.1:5432/test';
    const ai = { provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'llava' };
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      AI_PROVIDER: ai.provider,
      AI_BASE_URL: ai.baseUrl,
      AI_MODEL: ai.model,
    });
    expect(config.databaseUrl).toBe(databaseUrl);
    expect(config.ai).toEqual({ ...ai, apiKey: undefined, timeoutMs: 45_000, imageTimeoutMs: 60_000 });
  });

  it('reads the AI timeouts, and refuses one out of range with a line naming it', () => {
    const config = loadConfig({ AI_TIMEOUT_MS: '20000', AI_IMAGE_TIMEOUT_MS: '30000' });
    expect(config.ai).toMatchObject({ timeoutMs: 20_000, imageTimeoutMs: 30_000 });
    expect(() => loadConfig({ AI_TIMEOUT_MS: '50' })).toThrow(
      'Invalid configuration: AI_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 600000',
    );
  });

  it('keeps media on the local disk without S3_BUCKET, whatever AWS variables other tools set', () => {
    const config = loadConfig({ AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'not a url', AWS_ACCESS_KEY_ID: 'AKIA' });
    expect(config.s3).toBeUndefined();
    expect(config.mediaPublicUrl).toBeUndefined();
  });

  it('reads the bucket, region, endpoint, path style, keys and public address', () => {
    const config = withBucket('eu-central-1', {
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'TRUE',
      AWS_ACCESS_KEY_ID: 'minio',
      AWS_SECRET_ACCESS_KEY: 'minio-secret',
      MEDIA_PUBLIC_URL: 'https://cdn.example/media/',
    });
    expect(config.s3).toEqual({
      bucket: 'travel-media',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    expect(config.mediaPublicUrl).toBe('https://cdn.example/media');
  });

  it('leaves credentials to the AWS SDK (instance role, profile) when no keys are given', () => {
    const config = withBucket('us-east-1', { AWS_SESSION_TOKEN: 'ignored' });
    expect(config.s3).toMatchObject({ endpoint: undefined, forcePathStyle: false, credentials: undefined });
    const withToken = withBucket('us-east-1', {
      AWS_ACCESS_KEY_ID: 'ASIA',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
    });
    expect(withToken.s3?.credentials).toEqual({
      accessKeyId: 'ASIA',
      secretAccessKey: 'secret',
      sessionToken: 'token',
    });
  });
});
