// `npm run bench:map`: the weight and first render of the map of every place (/{lang}/map) at 5,000
// places (BENCH_PLACES), beside a place page's first render in the same run
// (docs/decisions/042-map-of-every-place.md). Builds (unless BENCH_SKIP_BUILD=1), fills the bench
// catalogue (scripts/bench/fill.ts: nearly all in Rome, the densest case for the closer steps),
// starts the server and reads the world view and every step down to the closest into the
// biggest group; then spreads the same places over the whole world (the most groups at the
// world's step) and reads the world again. Prints each page's HTML bytes (as sent, and gzipped),
// first-render time and the server's CPU for it, and exits 1 when a page is over 200 KB of HTML.
//
//   BENCH_PLACES=5000  BENCH_SKIP_BUILD=1  DATABASE_URL=postgres://...  (else embedded PGlite)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { PlacesMapDto } from '../src/shared/api/maps';
import { mapViewSearch, type MapView } from '../src/shared/map-view';
import { openDatabase } from '../src/server/db/client';
import { runBuild } from './bench/build';
import { cleanup, onCleanup } from './bench/cleanup';
import { fillDatabase, placeSlug } from './bench/fill';
import { cpuTicks, createBenchDatabase, startServer, waitUntilIdle, type ServerProcess } from './bench/server';
import { rawGet } from './bench/sizes';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const PLACES = Number(process.env.BENCH_PLACES) > 0 ? Number(process.env.BENCH_PLACES) : 5000;
const LIMIT_BYTES = 200 * 1024;
const TICK_MS = 10; // /proc clock ticks are 10 ms on Linux

interface Row {
  page: string;
  bytes: number;
  gzipped: number;
  ms: number;
  cpuMs: number;
}

/** One first render: its time, the server's CPU for it (idle before), and the HTML as sent. */
async function firstRender(server: ServerProcess, path: string): Promise<Row> {
  await waitUntilIdle(server.pid);
  const before = cpuTicks(server.pid) ?? 0;
  const response = await rawGet(`${server.baseUrl}${path}`);
  await waitUntilIdle(server.pid);
  const cpuMs = ((cpuTicks(server.pid) ?? 0) - before) * TICK_MS;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return { page: path, bytes: response.body.length, gzipped: gzipSync(response.body).length, ms: response.ms, cpuMs };
}

/** The views from the world's down to the closest step, each time into the group with the most places. */
async function viewsIntoBiggestGroup(server: ServerProcess): Promise<MapView[]> {
  const views: MapView[] = [];
  let view: MapView | null = { z: 0, x: 0, y: 0 };
  while (view) {
    const answer = await fetch(`${server.baseUrl}/api/maps/every-place/translations/fr${mapViewSearch(view)}`);
    const map = (await answer.json()) as PlacesMapDto;
    const biggest = [...map.groups].sort((a, b) => b.count - a.count)[0];
    view = biggest?.target ?? null;
    if (view) views.push(view);
  }
  return views;
}

function print(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log('  page                                  HTML bytes   gzipped   first render   server CPU');
  for (const row of rows) {
    console.log(
      `  ${row.page.padEnd(36)} ${String(row.bytes).padStart(11)} ${String(row.gzipped).padStart(9)} ` +
        `${`${row.ms} ms`.padStart(14)} ${`${row.cpuMs} ms`.padStart(12)}`,
    );
  }
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

async function main(): Promise<number> {
  if (process.env.BENCH_SKIP_BUILD !== '1') runBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-map-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const database = await createBenchDatabase(process.env.DATABASE_URL);
    onCleanup(() => database.drop());
    databaseUrl = database.url;
  }
  const fill = await fillDatabase({ databaseUrl, dataDir, places: PLACES });
  console.log(
    `Filled ${fill.places} places (${databaseUrl ? 'PostgreSQL' : 'PGlite'}) in ${(fill.ms / 1000).toFixed(1)} s`,
  );
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

  let server = await startServer(env);
  onCleanup(() => server.stop());
  // the first request of a started server warms its code: a page nobody measures
  await rawGet(`${server.baseUrl}/en/home`);
  const places = await Promise.all([2, 3, 4, 5, 6].map((n) => firstRender(server, `/de/${placeSlug(n * 100)}`)));
  const langs = ['en', 'de', 'es', 'zh'];
  const worlds: Row[] = [];
  for (const lang of langs) worlds.push(await firstRender(server, `/${lang}/map`));
  const closer: Row[] = [];
  for (const view of await viewsIntoBiggestGroup(server))
    closer.push(await firstRender(server, `/de/map${mapViewSearch(view)}`));
  await server.stop();

  // the same places over the whole world's land and sea: as many groups as the world's step has
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: join(dataDir, 'db') });
  await handle.db.execute(sql`select setseed(0.42)`);
  await handle.db.execute(
    sql`update places set latitude = -55 + random() * 125, longitude = -180 + random() * 360 where latitude is not null`,
  );
  await handle.close();
  server = await startServer(env);
  await rawGet(`${server.baseUrl}/en/home`);
  const spread: Row[] = [];
  for (const lang of langs) spread.push(await firstRender(server, `/${lang}/map`));

  print(`${PLACES + 1} places: place pages (first render)`, places);
  print('The map, in Rome as filled: the world, then each step into the biggest group', [...worlds, ...closer]);
  print('The map, the same places spread over the world', spread);
  const maps = [...worlds, ...closer, ...spread];
  const heaviest = maps.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const placeCpu = mean(places.map((r) => r.cpuMs));
  const mapCpu = mean(maps.map((r) => r.cpuMs));
  console.log(
    `\nHeaviest map page: ${heaviest.page} ${(heaviest.bytes / 1024).toFixed(1)} KB of HTML (${(heaviest.gzipped / 1024).toFixed(1)} KB gzipped; limit 200 KB)` +
      `\nFirst render, mean server CPU: map ${mapCpu.toFixed(0)} ms, place page ${placeCpu.toFixed(0)} ms (${(mapCpu / placeCpu).toFixed(2)} x);` +
      ` mean time: map ${mean(maps.map((r) => r.ms)).toFixed(0)} ms, place page ${mean(places.map((r) => r.ms)).toFixed(0)} ms`,
  );
  console.log(
    `BENCH_RESULT ${JSON.stringify({ places: PLACES + 1, heaviestBytes: heaviest.bytes, heaviestPage: heaviest.page, mapCpuMs: mapCpu, placeCpuMs: placeCpu })}`,
  );
  return heaviest.bytes <= LIMIT_BYTES ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(2);
  });
