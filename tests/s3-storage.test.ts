import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { createS3Storage, MULTIPART_PART_BYTES } from '../src/server/media/s3-storage';
import { createLocalStorage, createStorage, MissingFileError, type Storage } from '../src/server/media/storage';
import { PROJECT_ROOT } from '../src/server/paths';
import { sweepMedia } from '../scripts/media-sweep';
import { listFiles } from './helpers/media-files';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { freePort } from './helpers/ports';
import { startS3Server, type S3TestServer } from './helpers/s3-server';
import { createTestApp, type TestApp } from './helpers/test-app';
import { migratedPgliteFolder } from './helpers/test-database';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const hex = () => randomBytes(16).toString('hex');
const HOURS_AGO = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: Storage, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

/** A script of scripts/ as its own process, with the server's environment plus `env`. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(S3_|AWS_|MEDIA_PUBLIC_URL|DATABASE_URL|DATA_DIR)/.test(name)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...base, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const s3Env = () => ({
  S3_BUCKET: s3.bucket,
  AWS_REGION: 'us-east-1',
  AWS_ENDPOINT_URL_S3: s3.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});

describe('the S3 storage driver', () => {
  let storage: Storage;
  beforeAll(async () => {
    // two keys per list page, so listing has to follow continuation tokens
    storage = await createS3Storage(s3.config, { listPageSize: 2 });
  });

  it('stores an object, opens it with its size and tag, reads it whole or in part, and removes it', async () => {
    const key = `web/${hex()}-1000.jpg`;
    const data = randomBytes(1000);
    await storage.put(key, data);

    const file = await storage.open(key);
    expect(file).toMatchObject({ size: 1000, etag: expect.stringMatching(/^".+"$/) });
    expect(file!.lastModified).toBeInstanceOf(Date);
    expect((await readAll(file!.stream())).equals(data)).toBe(true);
    expect((await readAll(file!.stream({ start: 10, end: 19 }))).equals(data.subarray(10, 20))).toBe(true);
    expect((await readAll(file!.stream({ start: 999, end: 999 }))).equals(data.subarray(999))).toBe(true);
    expect(await keysOf(storage, 'web/')).toContain(key);

    await storage.remove(key);
    expect(await storage.open(key)).toBeUndefined();
    await storage.remove(key); // removing what is not there is not an error
  });

  it('stores objects with their media type and a year of immutable caching', async () => {
    const key = `originals/${hex()}.png`;
    await storage.put(key, randomBytes(10));
    const client = new S3Client({
      region: s3.config.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.config.credentials!,
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    client.destroy();
    expect(head.ContentType).toBe('image/png');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('uploads a body over 8 MB in parts and reads it back whole and by range', async () => {
    const key = `originals/${hex()}.jpg`;
    const data = randomBytes(MULTIPART_PART_BYTES * 2 + 12_345);
    await storage.put(key, data);
    const file = await storage.open(key);
    expect(file!.size).toBe(data.length);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(await readAll(file!.stream()))).toBe(sha(data));
    const start = MULTIPART_PART_BYTES - 5;
    const middle = await readAll(file!.stream({ start, end: start + 9 }));
    expect(middle.equals(data.subarray(start, start + 10))).toBe(true);
    await storage.remove(key);
  });

  it('lists every object across pages, and only those under a prefix when asked', async () => {
    const web = Array.from({ length: 5 }, () => `web/${hex()}-480.webp`);
    const originals = Array.from({ length: 2 }, () => `originals/${hex()}.jpg`);
    for (const key of [...web, ...originals]) await storage.put(key, Buffer.from(key));
    const all = await keysOf(storage);
    expect(all).toEqual(expect.arrayContaining([...web, ...originals]));
    expect(new Set(all).size).toBe(all.length);
    expect(await keysOf(storage, 'originals/')).toEqual(expect.arrayContaining(originals));
    expect((await keysOf(storage, 'originals/')).every((key) => key.startsWith('originals/'))).toBe(true);
    for await (const file of storage.list('web/')) {
      if (web.includes(file.key)) expect(file.size).toBe(Buffer.byteLength(file.key));
    }
    for (const key of [...web, ...originals]) await storage.remove(key);
  });

  it('answers a missing object as none, and one removed after opening as MissingFileError', async () => {
    expect(await storage.open(`web/${hex()}-1000.jpg`)).toBeUndefined();
    expect(await storage.open('../etc/passwd.jpg')).toBeUndefined();
    await expect(storage.put('Bad Key.jpg', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
    const key = `web/${hex()}-1000.jpg`;
    await storage.put(key, Buffer.from('soon gone'));
    const file = await storage.open(key);
    await storage.remove(key);
    await expect(readAll(file!.stream())).rejects.toBeInstanceOf(MissingFileError);
  });

  it('fails to open when the store does not answer', async () => {
    const dead = await createS3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${await freePort()}` });
    await expect(dead.open(`web/${hex()}-1000.jpg`)).rejects.toThrow();
  });

  it('is chosen by S3_BUCKET and the AWS SDK variables; without them media stays in DATA_DIR/media', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tp-s3cfg-'));
    const bucket = await createStorage(loadConfig({ DATA_DIR: dataDir, ...s3Env() }));
    expect(bucket.location).toBe(`s3://${s3.bucket}`);
    const key = `web/${hex()}-1000.jpg`;
    await bucket.put(key, Buffer.from('from the environment'));
    expect((await bucket.open(key))?.size).toBe(20);
    await bucket.remove(key);
    expect(await listFiles(join(dataDir, 'media'))).toEqual([]);

    const local = await createStorage(loadConfig({ DATA_DIR: dataDir }));
    expect(local.location).toBe(join(dataDir, 'media'));
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe.each(['local disk', 'S3'] as const)('GET /media/* from the %s', (store) => {
  let t: TestApp;
  const key = `web/${hex()}-1000.jpg`;
  const url = `/media/${key}`;
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  beforeAll(async () => {
    t = await createTestApp(store === 'S3' ? { s3: s3.config } : {});
    await t.app.storage.put(key, data);
  });
  afterAll(() => t?.close());
  const get = (headers: Record<string, string> = {}, path = url) => t.app.inject({ method: 'GET', url: path, headers });

  it('serves the whole file with caching, validators and Accept-Ranges', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(data)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(Date.parse(String(response.headers['last-modified']))).not.toBeNaN();
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it.each([
    ['bytes=100-199', 100, 199],
    ['bytes=900-', 900, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=-50', 950, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=0-0', 0, 0],
  ])('answers Range: %s with 206 and those bytes', async (range, start, end) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers Range: %s with 416', async (range) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ error: expect.stringContaining('1000 bytes'), code: 'range_not_satisfiable' });
  });

  it.each(['bytes=0-1,5-6', 'bytes=abc', 'bytes=9-2', 'items=0-5'])(
    'answers Range: %s (several ranges or not understood) with the whole file',
    async (range) => {
      const response = await get({ range });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(data)).toBe(true);
    },
  );

  it('answers 304 to its own ETag, and the whole file when If-Range names another version', async () => {
    const { etag } = (await get()).headers;
    const again = await get({ 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get({ range: 'bytes=0-9', 'if-range': String(etag) })).statusCode).toBe(206);
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"another-version"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(1000);
  });

  it('answers HEAD with the headers and no body, and ?download=1 as an attachment', async () => {
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.rawPayload.length).toBe(0);
    const download = await get({}, `${url}?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${key.split('/')[1]}"`);
  });

  it('answers 404 for a missing file, another extension or a path outside the media keys', async () => {
    for (const path of [`/media/web/${hex()}-1000.jpg`, `/media/${key}.txt`, '/media/..%2F..%2Fpackage.json']) {
      const response = await get({}, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });
});

describe('GET /media/* when the bucket does not answer', () => {
  it('answers 503 with a sentence and no internals', async () => {
    const t = await createTestApp({ s3: { ...s3.config, endpoint: `http://127.0.0.1:${await freePort()}` } });
    try {
      const response = await t.app.inject({ method: 'GET', url: `/media/web/${hex()}-1000.jpg` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        error: 'Media storage is not reachable right now. Please try again shortly.',
        code: 'storage_unavailable',
      });
      expect(response.body).not.toMatch(/ECONNREFUSED|at .*\.js|127\.0\.0\.1/);
    } finally {
      await t.close();
    }
  });
});

describe('GET /media/* with MEDIA_PUBLIC_URL', () => {
  it('redirects views to the public address, and serves downloads itself as attachments', async () => {
    const t = await createTestApp({ s3: s3.config, mediaPublicUrl: 'https://cdn.example.test/photos' });
    try {
      const key = `originals/${hex()}.jpg`;
      await t.app.storage.put(key, Buffer.from('full resolution'));
      const view = await t.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(view.statusCode).toBe(302);
      expect(view.headers.location).toBe(`https://cdn.example.test/photos/${key}`);
      const download = await t.app.inject({ method: 'GET', url: `/media/${key}?download=1` });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('full resolution');
      expect(download.headers['content-disposition']).toMatch(/^attachment/);
    } finally {
      await t.close();
    }
  });
});

describe('npm run media:sweep', () => {
  // its own bucket: the counts below are of everything in it
  let own: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    own = await startS3Server('sweep-test');
    t = await createTestApp({ s3: own.config });
  });
  afterAll(async () => {
    await t?.close();
    await own?.close();
  });

  it('removes old files no row references, and keeps referenced, young and foreign ones', async () => {
    const upload = await t.admin(uploadRequest(await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 } })));
    expect(upload.statusCode, upload.body).toBe(200);
    const referenced = await keysOf(t.app.storage);
    expect(referenced).toHaveLength(7);
    const orphan = hex();
    const oldOrphans = [`web/${orphan}-1000.jpg`, `originals/${orphan}.jpg`];
    const youngSibling = `web/${orphan}-480.jpg`;
    const youngOrphan = `web/${hex()}-1000.jpg`;
    const foreign = 'backups/old-notes.jpg';
    for (const key of [...oldOrphans, youngSibling, youngOrphan, foreign])
      await t.app.storage.put(key, Buffer.from(key));
    for (const key of [...referenced, ...oldOrphans, foreign]) await own.setLastModified(key, HOURS_AGO(2));

    const dry = await sweepMedia({ db: t.db, storage: t.app.storage, graceMs: 3_600_000, dryRun: true });
    expect(dry.removed.sort()).toEqual([...oldOrphans].sort());
    expect(await keysOf(t.app.storage)).toHaveLength(12);

    const told: string[] = [];
    const result = await sweepMedia({
      db: t.db,
      storage: t.app.storage,
      graceMs: 3_600_000,
      dryRun: false,
      onRemove: (key) => told.push(key),
    });
    expect(result).toMatchObject({ referenced: 7, young: 2 });
    expect(result.removed.sort()).toEqual([...oldOrphans].sort());
    expect(told.sort()).toEqual([...oldOrphans].sort());
    expect(await keysOf(t.app.storage)).toEqual([...referenced, youngSibling, youngOrphan, foreign].sort());
  });

  it('as a command, removes and prints old unreferenced files of DATA_DIR/media', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tp-sweep-'));
    try {
      const media = createLocalStorage(join(dataDir, 'media'));
      const old = `web/${hex()}-1000.jpg`;
      const young = `web/${hex()}-1000.jpg`;
      await media.put(old, Buffer.from('old'));
      await media.put(young, Buffer.from('young'));
      await utimes(join(dataDir, 'media', old), HOURS_AGO(3), HOURS_AGO(3));

      // the embedded database the command opens: the run's migrated one, not a new initdb
      await migratedPgliteFolder(join(dataDir, 'db'));
      const run = await runScript('scripts/media-sweep.ts', ['--grace-minutes=120'], { DATA_DIR: dataDir });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`removed ${old}\n`);
      expect(run.stdout).toMatch(
        /removed 1 unreferenced file\(s\) older than 120 minutes; kept 0 referenced and 1 younger/,
      );
      expect(await listFiles(join(dataDir, 'media'))).toEqual([young]);

      const bad = await runScript('scripts/media-sweep.ts', ['--grace-minutes', 'soon'], { DATA_DIR: dataDir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('usage: npm run media:sweep -- [--dry-run] [--grace-minutes N]');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run media:migrate', () => {
  it(
    'copies DATA_DIR/media to the bucket and back, skips what is there, deletes nothing',
    { timeout: 60_000 },
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'tp-migrate-'));
      const backDir = await mkdtemp(join(tmpdir(), 'tp-migrate-back-'));
      try {
        const id = hex();
        const files = new Map([
          [`web/${id}-1000.jpg`, randomBytes(3000)],
          [`web/${id}-480.webp`, randomBytes(1000)],
          [`originals/${id}.jpg`, randomBytes(9000)],
        ]);
        for (const [key, data] of files) {
          await mkdir(join(dataDir, 'media', key, '..'), { recursive: true });
          await writeFile(join(dataDir, 'media', key), data);
        }
        // half-written by a stopped upload: not copied
        await writeFile(join(dataDir, 'media', `web/${id}-1000.webp.tmp`), 'partial');
        const bucket = await createS3Storage(s3.config);
        await bucket.put(`web/${id}-480.webp`, files.get(`web/${id}-480.webp`)!);

        const toS3 = await runScript('scripts/media-migrate.ts', ['--to', 's3'], { DATA_DIR: dataDir, ...s3Env() });
        expect(toS3.code, toS3.stderr).toBe(0);
        expect(toS3.stdout).toMatch(/copied 2, already there 1, failed 0/);
        for (const [key, data] of files) {
          const stored = await bucket.open(key);
          expect((await readAll(stored!.stream())).equals(data), key).toBe(true);
        }
        expect(await bucket.open(`web/${id}-1000.webp.tmp`)).toBeUndefined();
        expect(await listFiles(join(dataDir, 'media'))).toHaveLength(4);

        const toLocal = await runScript('scripts/media-migrate.ts', ['--to', 'local'], {
          DATA_DIR: backDir,
          ...s3Env(),
        });
        expect(toLocal.code, toLocal.stderr).toBe(0);
        for (const [key, data] of files) expect((await readFile(join(backDir, 'media', key))).equals(data)).toBe(true);

        const bad = await runScript('scripts/media-migrate.ts', ['--to', 'ftp'], { DATA_DIR: dataDir, ...s3Env() });
        expect(bad.code).toBe(2);
        expect(bad.stderr).toContain('usage: npm run media:migrate -- --to s3|local');
        const noBucket = await runScript('scripts/media-migrate.ts', ['--to', 's3'], { DATA_DIR: dataDir });
        expect(noBucket.code).toBe(2);
        expect(noBucket.stderr).toContain('S3_BUCKET is not set');
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        await rm(backDir, { recursive: true, force: true });
      }
    },
  );
});
