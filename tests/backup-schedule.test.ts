import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchive } from '../src/server/backup/archive-check';
import { settings } from '../src/server/db/schema';
import type { BackupStatus } from '../src/shared/api/backup';
import { makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Scheduled backups (BACKUP_DIR, BACKUP_KEEP): docs/deploy.md "Backups". */
describe('scheduled backups into a folder', () => {
  let t: TestApp;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'tp-backups-'));
    t = await createTestApp({
      backup: { target: { kind: 'folder', dir: folder }, everyMs: 3_600_000, every: '1h', keep: 2, verify: false },
    });
    await makePlace(t.db, { title: 'Scheduled place' });
  });

  afterAll(async () => {
    await t?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const status = async () => (await t.admin({ method: 'GET', url: '/api/admin/backup/status' })).json<BackupStatus>();

  it('shows no backup on the dashboard before the first', async () => {
    expect(await status()).toEqual({
      schedule: { location: folder, every: '1h', keep: 2, verify: false },
      last: null,
      running: false,
    });
  });

  it('keeps the BACKUP_KEEP newest archives and shows the last one on the dashboard', async () => {
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1_100)); // names are to the second
      const result = await t.app.services.backups.backUpOnce();
      expect(result.ok, result.error).toBe(true);
      names.push(result.fileName!);
    }
    expect((await readdir(folder)).sort()).toEqual(names.slice(1));
    const last = (await status()).last!;
    expect(last).toMatchObject({ ok: true, fileName: names[2], verified: false });
    expect(last.bytes).toBeGreaterThan(10_000);
    const checked = await checkArchive(join(folder, names[2]!));
    expect(checked.manifest.tables.find((table) => table.name === 'places')?.rows).toBe(1);
    // The record of the last backup is about this server, not the site, and the password's hash is
    // no archive's business (docs/decisions/025): neither is in the archive.
    const settingsRows = await t.db.select().from(settings);
    const leftOut = ['backup_last_result', 'admin_password_current', 'admin_password_hash'];
    expect(settingsRows.some((row) => row.key === 'backup_last_result')).toBe(true);
    expect(settingsRows.some((row) => row.key === 'admin_password_current')).toBe(true);
    expect(checked.manifest.tables.find((table) => table.name === 'settings')?.rows).toBe(
      settingsRows.filter((row) => !leftOut.includes(row.key)).length,
    );
  }, 60_000);

  it('records a failure in plain words when the folder cannot be written', async () => {
    const blocked = join(folder, 'not-a-folder');
    await writeFile(blocked, 'a file where the folder should be');
    const other = await createTestApp({
      backup: { target: { kind: 'folder', dir: blocked }, everyMs: 3_600_000, every: '1h', keep: 2, verify: false },
    });
    try {
      const result = await other.app.services.backups.backUpOnce();
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(
        /^The backup to .*not-a-folder failed: .*check that the place exists, is writable and has room\.$/,
      );
      const shown = await other.admin({ method: 'GET', url: '/api/admin/backup/status' });
      expect(shown.json<BackupStatus>().last).toMatchObject({ ok: false });
    } finally {
      await other.close();
    }
  }, 60_000);
});
