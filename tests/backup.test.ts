import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { testConfig } from './helpers/test-config';
import { ArchiveRefusedError, checkArchive } from '../src/server/backup/archive-check';
import { restoreArchive } from '../src/server/backup/restore';
import { verifyArchive } from '../src/server/backup/verify';
import { PROJECT_ROOT } from '../src/server/paths';
import { seedDemo } from '../scripts/seed-demo';
import { downloadBackup, mediaChecksums, publicPages, readPages } from './helpers/backups';
import { uploadRequest } from './helpers/multipart';
import { sourceRenderSource } from './helpers/page-source';
import { makePhoto } from './helpers/photos';
import { startS3Server } from './helpers/s3-server';
import { createServerDatabase, openTestDatabase } from './helpers/test-database';
import type { DatabaseHandle } from '../src/server/db/client';
import type { FastifyInstance } from 'fastify';

/**
 * Backups (docs/decisions/021-backups.md): taken from a running site with the demo catalogue and
 * real uploads, restored into an empty DATA_DIR (and an empty PostgreSQL database when
 * TEST_DATABASE_URL is set) with the same public pages, media and sign-in.
 */
const RESTORED_PASSWORD = 'the restored password'; // a backup holds none (docs/decisions/025)
const SEARCHES = ['lisbon', 'tower', 'kyoto', 'paris', 'rome', 'view', 'old town'];
const pages = { renderSource: sourceRenderSource() };
let database: DatabaseHandle;
let source: FastifyInstance;
let sourceDir: string;
let baseUrl: string;
let cookie: string;
let work: string;
let archive: string;
let embeddedArchive: string;
let sourcePages: Map<string, string>;
let password: string;

/** '' for equal texts, else a short excerpt of each around where they first differ. */
function firstDifference(actual: string, expected: string): string {
  if (actual === expected) return '';
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at++;
  return `at ${at}: ${JSON.stringify(actual.slice(Math.max(0, at - 80), at + 80))} != ${JSON.stringify(expected.slice(Math.max(0, at - 80), at + 80))}`;
}

async function signIn(app: FastifyInstance, secret: string) {
  return app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: secret } });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tp-backup-test-'));
  sourceDir = join(work, 'source');
  database = await openTestDatabase();
  // No ADMIN_PASSWORD: the password is generated and its hash is in the database, so only a
  // restored settings table signs in with it.
  const announced: string[] = [];
  source = await buildApp(
    // Eight clients, each with its own address (X-Forwarded-For from the loopback proxy).
    testConfig({ dataDir: sourceDir, adminPassword: undefined, renderBudgetPerMinute: 0, trustProxy: ['loopback'] }),
    { database, pages, loginDelayPerFailureMs: 0, announcePassword: (p) => announced.push(p) },
  );
  password = announced[0]!;
  // The demo's cities and countries are its own; the uploads add none (docs/product.md §18).
  await source.services.publishing.saveSettings({ newUploads: 'publish', newAreas: 'ask' });
  await seedDemo(source, database.db);
  const login = await signIn(source, password);
  cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
  for (const [seed, gps] of [
    [1, { latitude: 48.8584, longitude: 2.2945 }],
    [2, { latitude: 41.8902, longitude: 12.4922 }],
  ] as const) {
    const request = uploadRequest(await makePhoto({ gps, seed }), { description: `Upload ${seed}` });
    const response = await source.inject({
      ...request,
      headers: { ...request.headers, origin: source.config.publicUrl, cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  baseUrl = await source.listen({ port: 0, host: '127.0.0.1' });
  // The pages as rendered from the source database (no render cache, so every read renders).
  const viewer = await buildApp(testConfig({ dataDir: sourceDir, adminPassword: undefined, renderCacheBytes: 0 }), {
    database,
    pages,
  });
  sourcePages = await readPages(viewer, await publicPages(viewer));
  await viewer.close();
  // Visitors are served from the render cache once a page has been rendered: the source's is warm.
  for (const url of sourcePages.keys()) await source.inject({ method: 'GET', url });
}, 180_000);

afterAll(async () => {
  await source?.close();
  await database?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a backup of the running site', () => {
  it('finishes while 8 clients read pages, and no reader gets an error or waits more than 1 s', async () => {
    const urls = [...sourcePages.keys()];
    let stop = false;
    let backupRunning = false;
    const before: number[] = [];
    const during: number[] = [];
    const failures: string[] = [];
    const reader = async (n: number) => {
      for (let i = n; !stop; i += 8) {
        // Pages (from the render cache, as visitors get them) and searches, each a new one that
        // reads the database; every client from its own address.
        const url =
          i % 16 !== 0 ? urls[i % urls.length]! : `/api/search?q=${SEARCHES[i % SEARCHES.length]}${i}&lang=de`;
        const inBackup = backupRunning;
        const started = performance.now();
        const response = await fetch(`${baseUrl}${url}`, {
          headers: { 'x-forwarded-for': `10.0.0.${n + 1}`, 'accept-encoding': 'identity' },
        });
        await response.arrayBuffer();
        (inBackup || backupRunning ? during : before).push(performance.now() - started);
        if (response.status !== 200) failures.push(`${url}: ${response.status}`);
      }
    };
    const readers = Array.from({ length: 8 }, (_, n) => reader(n));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    archive = join(work, 'site.tar');
    backupRunning = true;
    const backupStarted = performance.now();
    const headers = await downloadBackup(baseUrl, cookie, archive);
    const backupMs = performance.now() - backupStarted;
    backupRunning = false;
    stop = true;
    await Promise.all(readers);

    const slowest = (waits: number[]) => Math.round(Math.max(...waits));
    console.log(
      `backup of ${(await stat(archive)).size} bytes in ${Math.round(backupMs)} ms; ${during.length} reads during it, ` +
        `slowest ${slowest(during)} ms (before it: ${before.length} reads, slowest ${slowest(before)} ms)`,
    );
    expect(failures.slice(0, 3)).toEqual([]);
    expect(during.length).toBeGreaterThan(8);
    expect(slowest(during)).toBeLessThan(1_000);
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="travel-places-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar"$/,
    );
    const checked = await checkArchive(archive);
    expect(checked.manifest.media.length).toBeGreaterThan(20);
    expect(checked.manifest.missingMedia).toEqual([]);
    expect(checked.manifest.tables.find((table) => table.name === 'places')?.rows).toBeGreaterThanOrEqual(8);
    expect(checked.manifest.tables.map((table) => table.name)).not.toContain('admin_sessions');
  }, 120_000);

  it('answers 409 to a second backup while one is being taken, and 401 without a session', async () => {
    const first = await fetch(`${baseUrl}/api/admin/backup`, { headers: { cookie } });
    const second = await fetch(`${baseUrl}/api/admin/backup`, { headers: { cookie } });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: string }).error).toMatch(/being taken right now/);
    await first.arrayBuffer();
    expect((await fetch(`${baseUrl}/api/admin/backup`)).status).toBe(401);
    // Once the first has ended, the next one is taken.
    const third = await fetch(`${baseUrl}/api/admin/backup`, { headers: { cookie } });
    expect(third.status).toBe(200);
    await third.arrayBuffer();
  }, 60_000);
});

describe('restoring the backup', () => {
  async function expectSameSite(restored: FastifyInstance, mediaDir: string | undefined) {
    const checked = await checkArchive(archive);
    const restoredPages = await readPages(restored, [...sourcePages.keys()]);
    for (const [url, body] of sourcePages) expect(firstDifference(restoredPages.get(url) ?? '', body), url).toBe('');
    expect([...sourcePages.values()].filter((body) => body.startsWith('200\n')).length).toBeGreaterThan(50);
    expect(await publicPages(restored)).toEqual([...sourcePages.keys()]);
    if (mediaDir) {
      const keys = checked.manifest.media.map((file) => file.key);
      const sums = await mediaChecksums(mediaDir, keys);
      for (const file of checked.manifest.media) expect(sums.get(file.key), file.key).toBe(file.sha256);
      expect(await mediaChecksums(join(sourceDir, 'media'), keys)).toEqual(sums);
    }
    expect((await signIn(restored, RESTORED_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(restored, password)).statusCode).toBe(401);
  }

  it('into a new DATA_DIR gives the same public pages in five languages, the same media and a working sign-in', async () => {
    const dataDir = join(work, 'restored');
    const lines: string[] = [];
    await restoreArchive(await checkArchive(archive), { dataDir, databaseUrl: undefined }, (line) => lines.push(line));
    expect(lines.join('\n')).toMatch(/places: \d+ rows/);
    const restored = await buildApp(testConfig({ dataDir, adminPassword: RESTORED_PASSWORD, renderCacheBytes: 0 }), {
      pages,
    });
    try {
      await expectSameSite(restored, join(dataDir, 'media'));
      // A backup of the restored embedded database, for the PostgreSQL test below (PGlite -> PostgreSQL).
      const again = await restored.services.backups.download();
      embeddedArchive = join(work, 'from-embedded.tar');
      await pipeline(again.stream, createWriteStream(embeddedArchive));
    } finally {
      await restored.close();
    }
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'into an empty PostgreSQL database gives the same site too, from a backup of the embedded database',
    async () => {
      const server = await createServerDatabase(process.env.TEST_DATABASE_URL!);
      const dataDir = join(work, 'restored-pg');
      try {
        const checked = await checkArchive(embeddedArchive);
        expect(checked.manifest.source.database).toBe('pglite');
        await restoreArchive(checked, { dataDir, databaseUrl: server.url });
        const restored = await buildApp(
          testConfig({ dataDir, databaseUrl: server.url, adminPassword: RESTORED_PASSWORD, renderCacheBytes: 0 }),
          { pages },
        );
        try {
          await expectSameSite(restored, join(dataDir, 'media'));
        } finally {
          await restored.close();
        }
      } finally {
        await server.drop();
      }
    },
    120_000,
  );
});

describe('with media in a bucket', () => {
  it('restores the media into an empty bucket, and a scheduled backup of that site into a bucket prefix holds the same files', async () => {
    const s3 = await startS3Server();
    const dataDir = join(work, 'restored-s3');
    try {
      await restoreArchive(await checkArchive(archive), { dataDir, databaseUrl: undefined, s3: s3.config });
      const restored = await buildApp(
        testConfig({
          dataDir,
          s3: s3.config,
          adminPassword: undefined,
          backup: {
            target: { kind: 's3', s3: s3.config, prefix: 'backups/' },
            everyMs: 3_600_000,
            every: '1h',
            keep: 1,
            verify: false,
          },
        }),
        { pages },
      );
      try {
        const result = await restored.services.backups.backUpOnce();
        expect(result.ok, result.error).toBe(true);
        const copy = join(work, 'from-bucket.tar');
        const object = await restored.inject({
          method: 'GET',
          url: `/media/${(await checkArchive(archive)).manifest.media[0]!.key}`,
        });
        expect(object.statusCode).toBe(200);
        // The archive in the bucket: read back through the S3 API.
        const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
        const client = new S3Client({
          region: s3.config.region,
          endpoint: s3.endpoint,
          forcePathStyle: true,
          credentials: s3.config.credentials,
        });
        const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `backups/${result.fileName}` }));
        await writeFile(copy, Buffer.from(await got.Body!.transformToByteArray()));
        const fromBucket = await checkArchive(copy);
        const original = await checkArchive(archive);
        expect(fromBucket.manifest.source.media).toBe('s3');
        expect(fromBucket.manifest.media).toEqual(original.manifest.media);
      } finally {
        await restored.close();
      }
    } finally {
      await s3.close();
    }
  }, 120_000);
});

describe('a damaged, incomplete or foreign archive', () => {
  async function expectRefused(path: string, message: RegExp) {
    const dataDir = join(work, `target-${Math.random().toString(36).slice(2)}`);
    let error: unknown;
    try {
      await restoreArchive(await checkArchive(path), { dataDir, databaseUrl: undefined });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ArchiveRefusedError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/Nothing was changed/);
    // Nothing written: the target was never created.
    await expect(stat(dataDir)).rejects.toThrow();
  }

  it('refuses a truncated archive before writing anything', async () => {
    const size = (await stat(archive)).size;
    for (const keep of [size - 1024, Math.floor(size / 2), 700]) {
      const cut = join(work, `cut-${keep}.tar`);
      await copyFile(archive, cut);
      await truncate(cut, keep);
      await expectRefused(cut, /is incomplete/);
    }
  });

  it('refuses an archive with one changed byte, wherever it is', async () => {
    const bytes = await readFile(archive);
    const checked = await checkArchive(archive);
    const media = checked.entries.get(`media/${checked.manifest.media[0]!.key}`)!;
    const places = checked.entries.get('tables/places.jsonl.gz')!;
    const manifest = checked.entries.get('manifest.json')!;
    const positions = [
      media.offset + Math.floor(media.size / 2), // inside a photo
      places.offset + 20, // inside the rows of a table
      manifest.offset + 40, // inside the manifest
      places.offset - 512 + 130, // inside a header (the size field)
      media.offset + media.size + ((512 - (media.size % 512)) % 512) - 1 || media.offset - 1, // padding
      bytes.length - 10, // the end blocks
    ];
    for (const at of positions) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 0x01;
      const path = join(work, `changed-${at}.tar`);
      await writeFile(path, changed);
      await expectRefused(path, /is damaged|is incomplete/);
    }
  });

  it('refuses a file that is not a Travel Places backup', async () => {
    const foreign = join(work, 'photo.jpg');
    await writeFile(foreign, await makePhoto({ seed: 9 }));
    await expectRefused(foreign, /is not a Travel Places backup/);
    await expect(checkArchive(join(work, 'nothing-here.tar'))).rejects.toThrow(/There is no backup file/);
  });

  it('refuses a target that already holds a site, changing nothing there', async () => {
    const dataDir = join(work, 'restored');
    const before = (await readdir(join(dataDir, 'media'), { recursive: true })).length;
    await expect(restoreArchive(await checkArchive(archive), { dataDir, databaseUrl: undefined })).rejects.toThrow(
      /already holds files\. Nothing was changed/,
    );
    expect((await readdir(join(dataDir, 'media'), { recursive: true })).length).toBe(before);
  });
});

describe('npm run restore', () => {
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', ...args], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent', ...env },
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('close', (code) => resolve({ code, out }));
    });

  it('restores a backup into an empty DATA_DIR and refuses a damaged one with exit code 1', async () => {
    const dataDir = join(work, 'cli-target');
    const done = await run([archive], { DATA_DIR: dataDir });
    expect(done.out).toMatch(/The backup is complete and undamaged/);
    expect(done.out).toMatch(/Restored \d+ rows and \d+ media files/);
    expect(done.code).toBe(0);

    const damaged = join(work, 'cli-damaged.tar');
    const bytes = await readFile(archive);
    bytes[bytes.length - 5000] = bytes[bytes.length - 5000]! ^ 0xff;
    await writeFile(damaged, bytes);
    const refused = await run([damaged], { DATA_DIR: join(work, 'cli-other') });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/is damaged: .*Nothing was changed/);
    await expect(stat(join(work, 'cli-other'))).rejects.toThrow();

    expect((await run([], { DATA_DIR: dataDir })).code).toBe(2);
  }, 120_000);
});

describe('verifying a backup', () => {
  it('restores it into a temporary folder, reads every page and media file, and removes the folder', async () => {
    const lines: string[] = [];
    const result = await verifyArchive(await checkArchive(archive), {
      config: testConfig({ dataDir: join(work, 'unused') }),
      startApp: (copy) => buildApp(copy, { pages, announcePassword: () => {} }),
      say: (line) => lines.push(line),
    });
    const { manifest } = await checkArchive(archive);
    expect(result).toEqual({ pages: manifest.pages.length, mediaFiles: manifest.media.length });
    // Every page of the site's data (the footer's own pages, such as how-we-write, come from the configuration).
    const served = [...sourcePages.keys()].filter(
      (url) => sourcePages.get(url)!.startsWith('200') && !url.endsWith('/how-we-write'),
    );
    expect(served.filter((url) => !manifest.pages.includes(url))).toEqual([]);
    const folder = /temporary folder \((.+)\)/.exec(lines[0]!)![1]!;
    await expect(stat(folder)).rejects.toThrow();
  }, 120_000);
});
