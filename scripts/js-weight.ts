// `npm run js-weight` (after `npm run build`): the gzipped JavaScript each kind of public page
// loads, without Lighthouse. Seeds the demo catalogue into a temporary DATA_DIR (or the DATA_DIR
// you give, kept for the next run), serves the built site in-process and opens each page in
// Chromium: first until the network is quiet with no visitor input ("at load", what the budget
// holds and `npm run audit:web` counts), then after a key is pressed until every
// island is live ("live": React and the islands' code, which load at a visitor's first sign of use,
// docs/decisions/036-islands.md). Every script is gzipped at level 9. `--files` lists them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../e2e/helpers';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { CLIENT_DIST_DIR } from '../src/server/paths';
import { seedDemo } from './seed-demo';

const BUDGET_KB = 70;
const PAGES = [
  ['home', '/en/home'],
  ['countries', '/en/countries'],
  ['search', '/en/search?q=tower'],
  ['country', '/en/portugal'],
  ['city', '/en/lisbon'],
  ['place', '/en/belem-tower'],
  ['theme', '/en/themes/monuments-and-squares'],
  ['map', '/en/map'],
  ['saved', '/en/saved'],
  ['not found', '/en/no-such-page'],
] as const;

async function main() {
  if (!existsSync(join(CLIENT_DIST_DIR, 'index.html')))
    throw new Error('No build in dist/: run `npm run build` first.');
  const listFiles = process.argv.includes('--files');
  const given = process.env.DATA_DIR;
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'tp-js-weight-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0 };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: `${dataDir}/db` });
  const app = await buildApp(config, { database, announcePassword: () => {} });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  let over = false;
  try {
    await seedDemo(app, database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    app.config.publicUrl = baseUrl;

    const gzipped = (scripts: Map<string, Promise<Buffer>>) =>
      Promise.all(
        [...scripts].map(async ([url, body]) => ({
          path: new URL(url).pathname,
          bytes: gzipSync(await body, { level: 9 }).length,
        })),
      );
    const kb = (files: { bytes: number }[]) => files.reduce((sum, file) => sum + file.bytes, 0) / 1024;
    for (const [name, path] of PAGES) {
      const page = await browser.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
      });
      await page.goto(baseUrl + path);
      await page.waitForLoadState('networkidle');
      const atLoad = await gzipped(scripts);
      await page.keyboard.press('Shift');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const live = await gzipped(scripts);
      await page.close();
      const ok = kb(atLoad) <= BUDGET_KB;
      over ||= !ok;
      console.log(
        `${name.padEnd(10)} ${kb(atLoad).toFixed(1).padStart(6)} KB at load (${atLoad.length} files) ${ok ? 'ok' : 'OVER BUDGET'}, ${kb(live).toFixed(1).padStart(5)} KB live (${live.length} files)  ${path}`,
      );
      if (listFiles) for (const file of live) console.log(`    ${String(file.bytes).padStart(7)}  ${file.path}`);
    }
    console.log(`Gzipped at level 9; 1 KB = 1024 bytes; budget ${BUDGET_KB} KB a page at load.`);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    if (!given) rmSync(dataDir, { recursive: true, force: true });
  }
  if (over) process.exitCode = 1;
}

await main();
