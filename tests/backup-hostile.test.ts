import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { ArchiveRefusedError, checkArchive } from '../src/server/backup/archive-check';
import { RESTORE_LIMITS, type RestoreLimits } from '../src/server/backup/archive-contents';
import { restoreArchive, RestoreFailedError } from '../src/server/backup/restore';
import { testConfig } from './helpers/test-config';
import { PROJECT_ROOT } from '../src/server/paths';
import { gzipLines, linesOf, readArchive, writeArchive, type ArchiveParts } from './helpers/archives';
import { makePlace } from './helpers/factories';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app';

/**
 * Archives that lie with correct checksums (issue 38): a restore checks what they say before it
 * writes anything, refuses them with one line, and leaves the target as it was: not even created.
 */
let t: TestApp;
let work: string;
let archive: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tp-hostile-'));
  t = await createTestApp();
  await makePlace(t.db, { title: 'A place in the backup' });
  const request = uploadRequest(await makePhoto({ gps: { latitude: 41.8902, longitude: 12.4922 }, seed: 5 }));
  const upload = await t.admin(request);
  expect(upload.statusCode, upload.body).toBe(200);
  archive = join(work, 'site.tar');
  await pipeline((await t.app.services.backups.download()).stream, createWriteStream(archive));
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The site's archive, changed by `change` and written again with every checksum right. */
async function lyingArchive(name: string, change: (parts: ArchiveParts) => void): Promise<string> {
  const parts = await readArchive(archive);
  change(parts);
  const path = join(work, `${name}.tar`);
  await writeArchive(path, parts);
  return path;
}

/** Renames the first media file of the archive to `key`. */
const mediaKey = (key: string) => (parts: ArchiveParts) => {
  const first = parts.manifest.media[0]!;
  parts.media.set(key, parts.media.get(first.key)!);
  first.key = key;
};

const newTarget = () => join(work, `target-${Math.random().toString(36).slice(2)}`);

async function expectRefused(path: string, message: RegExp, limits?: RestoreLimits): Promise<string> {
  const dataDir = newTarget();
  const error: unknown = await restoreArchive(await checkArchive(path), { dataDir, databaseUrl: undefined }, () => {}, {
    limits,
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ArchiveRefusedError);
  const text = (error as Error).message;
  expect(text).toMatch(message);
  expect(text).toMatch(/Nothing was changed/);
  expect(text).not.toContain('\n');
  expect(text.length).toBeLessThan(400);
  // Nothing written: the target was never created.
  await expect(stat(dataDir)).rejects.toThrow();
  return text;
}

describe('an archive with correct checksums that lies', () => {
  it('is restorable as taken (the checks refuse only what lies), and holds no admin password', async () => {
    const parts = await readArchive(archive);
    const settings = linesOf(parts.tables.get('settings')!).join('\n');
    expect(settings).not.toMatch(/admin_password|scrypt/);
    const dataDir = newTarget();
    const copy = await lyingArchive('unchanged', () => {});
    const result = await restoreArchive(await checkArchive(copy), { dataDir, databaseUrl: undefined });
    expect(result.mediaFiles).toBeGreaterThan(5);
    // As a fresh install: without ADMIN_PASSWORD a password is generated and printed once.
    const announced: string[] = [];
    const restored = await buildApp(testConfig({ dataDir, adminPassword: undefined }), {
      announcePassword: (password) => announced.push(password),
      loginDelayPerFailureMs: 0,
    });
    try {
      expect(announced).toHaveLength(1);
      const signIn = (password: string) =>
        restored.inject({ method: 'POST', url: '/api/admin/login', payload: { password } });
      expect((await signIn(announced[0]!)).statusCode).toBe(200);
      expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
    } finally {
      await restored.close();
    }
  }, 240_000);

  for (const key of ['../../../../../tmp/x.jpg', '/tmp/x.jpg', 'web/../../db/x.jpg', 'db/x.jpg']) {
    it(`is refused for the media key ${key}`, async () => {
      const path = await lyingArchive(`key-${key.replace(/\W/g, '_')}`, mediaKey(key));
      await expectRefused(path, /cannot be restored: it names a media file outside the media folders\./);
      await expect(stat('/tmp/x.jpg')).rejects.toThrow();
    });
  }

  it('is refused for a row count one higher than the rows', async () => {
    const path = await lyingArchive('rows', (parts) => {
      parts.manifest.tables.find((table) => table.name === 'places')!.rows += 1;
    });
    await expectRefused(path, /tables\/places\.jsonl\.gz holds \d+ rows where its manifest says \d+/);
  });

  it('is refused for a sequence named places', async () => {
    const path = await lyingArchive('sequence', (parts) => {
      parts.manifest.sequences.places = 7;
    });
    await expectRefused(path, /it sets a sequence places, which the database at migration \S+ does not have/);
  });

  it('is refused for an extra admin_sessions table, and for a missing table', async () => {
    const extra = await lyingArchive('sessions', (parts) => {
      parts.manifest.tables.push({ name: 'admin_sessions', rows: 1, size: 0, sha256: '0'.repeat(64) });
      parts.tables.set('admin_sessions', gzipLines(['{"token_hash":"x"}']));
    });
    await expectRefused(extra, /it holds a table admin_sessions, which a backup at migration \S+ does not have/);
    const missing = await lyingArchive('missing', (parts) => {
      parts.manifest.tables = parts.manifest.tables.filter((table) => table.name !== 'places');
    });
    await expectRefused(missing, /the table places is missing/);
  });

  it('is refused for a line that is not a row, without quoting it', async () => {
    const path = await lyingArchive('not-a-row', (parts) => {
      const lines = linesOf(parts.tables.get('languages')!);
      lines[0] = '["secret-words-of-the-row"]';
      parts.tables.set('languages', gzipLines(lines));
    });
    const text = await expectRefused(path, /row 1 of tables\/languages\.jsonl\.gz is not a row of a table/);
    expect(text).not.toContain('secret');
  });
});

describe('limits on what a restore unpacks', () => {
  it('refuses a row longer than 16 MB quickly, without quoting it', async () => {
    const path = await lyingArchive('long-line', (parts) => {
      parts.tables.set('languages', gzipLines([`{"code":"${'a'.repeat(RESTORE_LIMITS.lineBytes)}"}`]));
    });
    const started = performance.now();
    const text = await expectRefused(path, /tables\/languages\.jsonl\.gz holds a row longer than 16 MB/);
    expect(text).not.toContain('aaaa');
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('refuses tables that unpack to more than the limit, and media files over theirs', async () => {
    await expectRefused(archive, /its tables unpack to more than 0\.1 MB/, {
      ...RESTORE_LIMITS,
      unpackedBytes: 100 * 1024,
    });
    await expectRefused(archive, /the media file \S+ is larger than 0 MB/, { ...RESTORE_LIMITS, mediaEntryBytes: 10 });
    await expectRefused(archive, /tables\/\w+\.jsonl\.gz is larger than 0 MB/, {
      ...RESTORE_LIMITS,
      tableEntryBytes: 10,
    });
  });
});

describe('a row the database refuses', () => {
  it('stops the restore, removes what it wrote and names only the table', async () => {
    const path = await lyingArchive('bad-row', (parts) => {
      const lines = linesOf(parts.tables.get('places')!);
      lines[0] = '{"slug":"secret-slug-of-the-row"}';
      parts.tables.set('places', gzipLines(lines));
    });
    const dataDir = newTarget();
    const error: unknown = await restoreArchive(await checkArchive(path), { dataDir, databaseUrl: undefined }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RestoreFailedError);
    expect((error as Error).message).toMatch(
      /^The restore stopped: the rows of places do not fit its table\. What it had written was removed again, so nothing was changed\./,
    );
    expect((error as Error).message).not.toContain('secret');
    await expect(stat(dataDir)).rejects.toThrow();
  }, 60_000);
});

describe('npm run restore', () => {
  it('refuses a lying archive with exit code 1 and one line, and creates no DATA_DIR', async () => {
    const path = await lyingArchive('cli', mediaKey('../../../../../tmp/x.jpg'));
    const dataDir = newTarget();
    const { code, err } = await new Promise<{ code: number | null; err: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', path], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (exit) => resolve({ code: exit, err: stderr }));
    });
    expect(code).toBe(1);
    expect(err.trim()).toMatch(
      /^cli\.tar cannot be restored: it names a media file outside the media folders\. Nothing was changed\./,
    );
    expect(err.trim().split('\n')).toHaveLength(1);
    await expect(stat(dataDir)).rejects.toThrow();
  }, 90_000);
});
