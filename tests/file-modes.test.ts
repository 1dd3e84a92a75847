import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { checkArchive } from '../src/server/backup/archive-check';
import { restoreArchive } from '../src/server/backup/restore';
import type { AppConfig } from '../src/server/config';
import { testConfig } from './helpers/test-config';
import { privateFoldersAtStart, usePrivateFileModes } from '../src/server/security/file-modes';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { migratedPgliteFolder } from './helpers/test-database';

/**
 * Files on disk (docs/security.md): DATA_DIR, BACKUP_DIR and a restore's target are folders of mode
 * 0700 holding files of mode 0600, under the umask the process entry (main.ts) sets, and a start
 * narrows what an older version left open to other users.
 */
const PASSWORD = 'correct horse battery staple';
const run = promisify(execFile);
let root: string;
let dataDir: string;
let backupDir: string;
let previousUmask: number;

/** What `find PATHS -perm /MODE` lists (files and folders with any of those permission bits). */
async function findPerm(paths: string[], mode: string): Promise<string[]> {
  const { stdout } = await run('find', [...paths, '-perm', mode]);
  return stdout.split('\n').filter(Boolean);
}

/** Does the unprivileged user `nobody` pass `test -FLAG path`? (Only answerable when running as root.) */
async function nobodyCan(flag: 'r' | 'w', path: string): Promise<boolean> {
  try {
    await run('su', ['nobody', '-s', '/bin/sh', '-c', `test -${flag} '${path}'`]);
    return true;
  } catch {
    return false;
  }
}

const config = (): AppConfig =>
  testConfig({
    dataDir,
    adminPassword: PASSWORD,
    backup: { target: { kind: 'folder', dir: backupDir }, everyMs: 3_600_000, every: '1h', keep: 3, verify: false },
  });

beforeAll(async () => {
  // As main.ts does first: the production umask for this worker, given back afterwards.
  previousUmask = usePrivateFileModes();
  process.umask(0o022);
  root = await mkdtemp(join(tmpdir(), 'tp-file-modes-'));
  await chmod(root, 0o755);
  dataDir = join(root, 'data');
  backupDir = join(root, 'backups');
  // A migrated database as an older version left it: files 0666, folders 0777.
  await migratedPgliteFolder(join(dataDir, 'db'));
  await run('chmod', ['-R', 'a+rwX', dataDir]);
  await mkdir(backupDir, { mode: 0o755 });
  await writeFile(join(backupDir, 'notes.txt'), 'an older file', { mode: 0o666 });
  await chmod(join(backupDir, 'notes.txt'), 0o666);
  expect((await findPerm([dataDir], '/022')).length).toBeGreaterThan(900);
  usePrivateFileModes();
}, 60_000);

afterAll(async () => {
  process.umask(previousUmask);
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the site’s files on disk', () => {
  let app: FastifyInstance;

  it('a start narrows DATA_DIR and BACKUP_DIR to this user; an upload, a scheduled backup and a restore leave nothing open', async () => {
    app = await buildApp(config(), { loginDelayPerFailureMs: 0 });
    try {
      await app.ready();
      expect(await findPerm([dataDir, backupDir], '/077')).toEqual([]);

      const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: PASSWORD } });
      const cookie = `tp_session=${login.cookies.find((c) => c.name === 'tp_session')!.value}`;
      const request = uploadRequest(await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, seed: 3 }), {
        description: 'A private upload',
      });
      const upload = await app.inject({
        ...request,
        headers: { ...request.headers, origin: app.config.publicUrl, cookie },
      });
      expect(upload.statusCode, upload.body).toBe(200);
      expect((await readdir(join(dataDir, 'media'), { recursive: true })).length).toBeGreaterThan(5);

      const backup = await app.services.backups.backUpOnce();
      expect(backup.ok, backup.error).toBe(true);
      const archive = join(backupDir, backup.fileName!);
      expect((await stat(archive)).mode & 0o777).toBe(0o600);

      const restored = join(root, 'restored');
      await restoreArchive(await checkArchive(archive), { dataDir: restored, databaseUrl: undefined });
      expect((await readdir(join(restored, 'media'), { recursive: true })).length).toBeGreaterThan(5);

      expect(await findPerm([dataDir, backupDir, restored], '/022')).toEqual([]);
      expect(await findPerm([dataDir, backupDir, restored], '/077')).toEqual([]);
      if (process.getuid?.() === 0) {
        expect(await nobodyCan('w', join(dataDir, 'db/global/pg_control'))).toBe(false);
        expect(await nobodyCan('r', archive)).toBe(false);
      }
    } finally {
      await app.close();
    }
    // What the database wrote while it ran is narrowed when it closes.
    expect(await findPerm([dataDir, backupDir], '/077')).toEqual([]);
  }, 120_000);

  it('says in one line what a start found open to other users', async () => {
    const open = join(root, 'open');
    await mkdir(join(open, 'media/web'), { recursive: true });
    await writeFile(join(open, 'media/web/a.jpg'), 'x');
    await run('chmod', ['-R', 'a+rwX', open]);
    const found = await privateFoldersAtStart([{ name: 'DATA_DIR', path: open }]);
    expect(found).toEqual({
      level: 'warn',
      line: `Made files and folders that other users of this machine could read or change private to this user: 4 in DATA_DIR (${open}).`,
    });
    expect(await findPerm([open], '/077')).toEqual([]);
    expect(await privateFoldersAtStart([{ name: 'DATA_DIR', path: open }])).toBeUndefined();
  });
});
