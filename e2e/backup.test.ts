import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkArchive } from '../src/server/backup/archive-check';
import { makePlace } from '../tests/helpers/factories';
import { adminSuite, login, seriousViolations, watchConsole } from './helpers';

describe('the dashboard backup', () => {
  const suite = adminSuite();
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    await makePlace(suite.site.db, { title: 'Place in the backup' });
    page = await suite.newPage();
    consoleErrors = watchConsole(page);
  }, 60_000);

  it('downloads the whole site as one checked archive from the dashboard', async () => {
    await login(page, suite.site.baseUrl);
    await page.getByRole('heading', { name: 'Backups' }).waitFor();
    await page.getByText('No scheduled backups: set BACKUP_DIR or BACKUP_S3_PREFIX').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download backup' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^travel-places-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/);
    const path = await download.path();
    const archive = await checkArchive(path);
    expect(archive.manifest.tables.find((table) => table.name === 'places')?.rows).toBe(1);
    expect((await readFile(path)).length).toBeGreaterThan(1024);
    await page.getByText('Backup downloaded').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
