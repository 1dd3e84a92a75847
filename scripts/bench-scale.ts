// `npm run bench:scale`: the requests whose cost should not grow with the catalogue, timed at two
// sizes side by side in one run (default 5,000 and 100,000 places; BENCH_SCALE_SIZES=5000,100000),
// with each row's ratio (issue 45). Needs PostgreSQL: DATABASE_URL names the server. Each size is
// filled once into the database tp_scale_<N> (`npm run bench:fill`, the same catalogue) and kept;
// every run copies it (CREATE DATABASE ... TEMPLATE) so each start is a first start, and drops the
// copy. BENCH_SCALE_PREFIX names the kept fills (default tp_scale: tp_scale_<N>), for a branch whose
// migrations differ from another's on the same server. BENCH_SKIP_BUILD=1 uses dist/ as it is.
//
// Both sizes run at once, each on its own server, and every row is measured on one and at once on
// the other, so the machine's load at that moment weighs on both alike.
//
// Each row is timed on its first request ("first") and as the median of the next ones ("median");
// the ratio is of the row's measure: the first time for rows read once (then cached), the median
// for rows an admin reads again and again, the throughput (inverted) for the loaded row.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase } from '../src/server/db/client';
import { fillDatabase, placeSlug } from './bench/fill';
import { runScenario } from './bench/load';
import { signIn, startServer, waitUntilIdle, type ServerProcess } from './bench/server';
import { rawGet } from './bench/sizes';
import { cleanup, onCleanup, SetupError } from './bench/cleanup';
import { runBuild } from './bench/build';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '5000,100000').split(',').map(Number);
const SERVER_URL = process.env.DATABASE_URL?.trim() || '';
const FILL_PREFIX = process.env.BENCH_SCALE_PREFIX?.trim() || 'tp_scale';
/** Repeated requests of a "median" row. */
const REPEATS = 20;

type Measure = 'first' | 'median' | 'throughput';
interface Row {
  name: string;
  measure: Measure;
  first: number;
  median: number;
  /** Responses that were not 2xx (the row is then wrong whatever its time). */
  failures: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The filled database of `places` places (filled now if missing) and a fresh copy of it to run on. */
async function copyOfFill(places: number): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  const template = `${FILL_PREFIX}_${places}`;
  const copy = `${template}_run_${process.pid}`;
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!exists) {
      console.log(`Filling ${template} once (kept for the next runs)...`);
      await admin`create database ${admin(template)}`;
      const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-scale-'));
      try {
        const fill = await fillDatabase({ databaseUrl: databaseUrl(template), dataDir, places });
        console.log(`  ${fill.places} places in ${(fill.ms / 1000).toFixed(1)} s`);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    // The kept fill is brought to this version's schema once (its migrations), so each start
    // measured is a start, not an upgrade.
    const handle = await openDatabase({ databaseUrl: databaseUrl(template) });
    await handle.close();
    await admin`create database ${admin(copy)} template ${admin(template)}`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  return {
    url: databaseUrl(copy),
    async drop() {
      const sql = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
      try {
        await sql`drop database if exists ${sql(copy)} with (force)`;
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

/** Waits until the server's background ANALYZE has reached every table (at most two minutes). */
async function waitForStatistics(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const started = performance.now();
  try {
    while (performance.now() - started < 120_000) {
      const [row] = await sql<Array<{ n: number }>>`select count(*)::int as n from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and (c.reltuples < 0 or (c.reltuples > 0
          and not exists (select 1 from pg_stats st where st.schemaname = n.nspname and st.tablename = c.relname)))`;
      if (row?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return Math.round(performance.now() - started);
}

/** One GET, timed to its last byte; a failure is a status outside 2xx or a refused response. */
async function timed(url: string, cookie?: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.ok };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

/** A server on a fresh copy of one size's fill, started, with its statistics gathered. */
interface Site {
  total: number;
  base: string;
  pid: number;
  startupMs: number;
  cookie?: string;
}

async function openSite(places: number): Promise<Site> {
  const database = await copyOfFill(places);
  onCleanup(() => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-scale-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  let server: ServerProcess;
  try {
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url }, 600_000);
  } catch (error) {
    throw new SetupError(error instanceof Error ? error.message : String(error));
  }
  onCleanup(() => server.stop());
  const total = places + 1;
  console.log(`  ${total} places: healthy after ${server.startupMs} ms`);
  // The server analyzes never-analyzed tables after it listens (a copied database has no
  // statistics): the rows are measured once that is done, as on a server that has run.
  const statisticsMs = await waitForStatistics(database.url);
  console.log(`  statistics ready ${statisticsMs} ms later`);
  return { total, base: server.baseUrl, pid: server.pid, startupMs: server.startupMs };
}

async function adminCookie(site: Site): Promise<string> {
  site.cookie ??= await signIn(site.base).catch((error: unknown) => {
    throw new SetupError(error instanceof Error ? error.message : String(error));
  });
  return site.cookie;
}

/**
 * A row of requests: the first request of each path, then REPEATS more of the first path (the
 * median), on every site. The search words are five, each asked for the first time: one first
 * request is mostly the process's own cold start, the same at any size.
 */
interface RequestRow {
  name: string;
  measure: Exclude<Measure, 'throughput'>;
  paths: (site: Site) => string[];
  admin?: boolean;
  repeats?: number;
}
/** A row measured its own way on one site. */
interface OwnRow {
  name: string;
  run: (site: Site) => Promise<Row>;
}

const SEARCH_WORDS = ['basilica', 'fountain', 'aqueduct', 'mosaic', 'lantern'];
const placeUrls = ({ total }: Site, lang: string, numbers: number[]) =>
  numbers.map((n) => `/${lang}/${placeSlug(Math.max(1, Math.round((n * total) / 5001)))}`);
const adminRow = (name: string, path: string): RequestRow => ({
  name,
  measure: 'median',
  paths: () => [`/api/admin${path}`],
  admin: true,
});

const ROWS: Array<RequestRow | OwnRow> = [
  {
    name: 'first start until healthy',
    run: async (site) => ({ name: '', measure: 'first', first: site.startupMs, median: 0, failures: 0 }),
  },
  // First renders alone: five places never asked for, spread over the catalogue
  {
    name: 'a first render alone (/fr/ place)',
    measure: 'first',
    paths: (site) => placeUrls(site, 'fr', [7, 77, 777, 1777, 2777]),
    repeats: 0,
  },
  {
    name: 'first renders of distinct /de/ places, 16 connections (req/s)',
    run: async ({ base, total, pid }) => {
      const paths = Array.from({ length: 4000 }, (_, i) => `/de/${placeSlug(1 + ((i * 7919) % (total - 1)))}`);
      const loaded = await runScenario({ baseUrl: base, seconds: 6, connections: 16, name: 'first renders', paths });
      await waitUntilIdle(pid);
      return {
        name: '',
        measure: 'throughput',
        first: loaded.reqPerSec,
        median: loaded.reqPerSec,
        failures: loaded.non2xx + loaded.errors + loaded.timeouts,
      };
    },
  },
  {
    name: '/api/search, 5 common words',
    measure: 'first',
    paths: () => SEARCH_WORDS.map((word) => `/api/search?q=${word}&lang=en`),
  },
  { name: '/api/search "rome"', measure: 'first', paths: () => ['/api/search?q=rome&lang=en'] },
  { name: '/en/search, 5 common words', measure: 'first', paths: () => SEARCH_WORDS.map((w) => `/en/search?q=${w}`) },
  adminRow('admin list ?q=basilica', '/places-with-translations?q=basilica'),
  adminRow('/api/admin/dashboard', '/dashboard'),
  adminRow('/api/admin/places/locations', '/places/locations'),
  adminRow('cities/missing', '/cities/missing'),
  adminRow('countries/missing', '/countries/missing'),
  adminRow('admin list ?translations=outdated', '/places-with-translations?translations=outdated'),
  adminRow('admin list ?state=draft', '/places-with-translations?state=draft'),
  { name: '/en/rome', measure: 'first', paths: () => ['/en/rome'] },
  {
    name: '/api/cities/by-slug/rome/places',
    measure: 'first',
    paths: () => ['/api/cities/by-slug/rome/places?languageCode=en'],
  },
  { name: '/en/italy/feed.xml', measure: 'first', paths: () => ['/en/italy/feed.xml'] },
  { name: 'KML of Italy', measure: 'first', paths: () => ['/en/italy/places.kml'] },
  { name: 'sitemap index', measure: 'first', paths: () => ['/sitemap.xml'] },
];

/** The sites' order for turn `i`: first to last, then last to first, so neither always goes first. */
const turn = (i: number, count: number) => Array.from({ length: count }, (_, k) => (i % 2 === 0 ? k : count - 1 - k));

/**
 * A row of requests on every site, request by request: each first request on one site and at once
 * on the other, then the repeats alternating between them (which site goes first alternates).
 */
async function measureRequests(plan: RequestRow, sites: Site[]): Promise<Row[]> {
  const cookies: Array<string | undefined> = [];
  for (const site of sites) cookies.push(plan.admin ? await adminCookie(site) : undefined);
  const paths = sites.map((site) => plan.paths(site));
  const firsts: number[][] = sites.map(() => []);
  const again: number[][] = sites.map(() => []);
  const failures = sites.map(() => 0);
  for (const [j] of paths[0]!.entries()) {
    for (const k of turn(j, sites.length)) {
      const result = await timed(`${sites[k]!.base}${paths[k]![j]}`, cookies[k]);
      firsts[k]!.push(result.ms);
      if (!result.ok) failures[k]! += 1;
    }
  }
  for (let i = 0; i < (plan.repeats ?? REPEATS); i++) {
    for (const k of turn(i, sites.length)) {
      const result = await timed(`${sites[k]!.base}${paths[k]![0]}`, cookies[k]);
      again[k]!.push(result.ms);
      if (!result.ok) failures[k]! += 1;
    }
  }
  return sites.map((_, k) => ({
    name: plan.name,
    measure: plan.measure,
    first: median(firsts[k]!),
    median: median(again[k]!),
    failures: failures[k]!,
  }));
}

/**
 * Both sizes side by side: a server on each, then every row on one and at once on the other,
 * so a change in the machine's load lands on both sizes alike instead of on whichever size was
 * measured later.
 */
async function measureSideBySide(sizes: number[]): Promise<Row[][]> {
  const sites: Site[] = [];
  for (const size of sizes) {
    console.log(`Starting a server on ${size + 1} places...`);
    sites.push(await openSite(size));
  }
  for (const site of sites) {
    await waitUntilIdle(site.pid);
    await rawGet(`${site.base}/favicon.svg`);
  }
  console.log('Measuring both, row by row...');
  const results: Row[][] = sites.map(() => []);
  for (const [i, plan] of ROWS.entries()) {
    if ('run' in plan) {
      for (const k of turn(i, sites.length)) results[k]![i] = { ...(await plan.run(sites[k]!)), name: plan.name };
    } else {
      for (const [k, row] of (await measureRequests(plan, sites)).entries()) results[k]![i] = row;
    }
  }
  return results;
}

function printTable(sizes: number[], results: Row[][]): boolean {
  const [small, large] = results as [Row[], Row[]];
  const header = ['', ...sizes.flatMap((n) => [`${n + 1} first`, `${n + 1} median`]), 'ratio'];
  const lines: string[][] = [header];
  let within = true;
  for (const [i, a] of small.entries()) {
    const b = large[i]!;
    const value = (r: Row) => (r.measure === 'median' ? r.median : r.first);
    const ratio = a.measure === 'throughput' ? a.first / Math.max(b.first, 0.1) : value(b) / Math.max(value(a), 1);
    const failed = a.failures + b.failures > 0;
    if (ratio > 2 || failed) within = false;
    const cell = (r: Row, v: number) => (r.measure === 'throughput' ? `${Math.round(v)}/s` : `${Math.round(v)} ms`);
    lines.push([
      a.name,
      cell(a, a.first),
      a.measure === 'median' ? cell(a, a.median) : '',
      cell(b, b.first),
      b.measure === 'median' ? cell(b, b.median) : '',
      `${ratio.toFixed(2)}x${ratio > 2 ? ' !' : ''}${failed ? ` (${a.failures + b.failures} failed)` : ''}`,
    ]);
  }
  const widths = header.map((_, c) => Math.max(...lines.map((line) => line[c]!.length)));
  console.log(`\n| ${header.map((h, c) => h.padEnd(widths[c]!)).join(' | ')} |`);
  console.log(`|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines.slice(1)) {
    console.log(
      `| ${line.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`,
    );
  }
  return within;
}

async function main(): Promise<number> {
  if (!SERVER_URL)
    throw new SetupError('Set DATABASE_URL to a PostgreSQL server (postgres://...): the sizes are kept there.');
  if (SIZES.length !== 2 || SIZES.some((n) => !Number.isInteger(n) || n < 10)) {
    throw new SetupError('BENCH_SCALE_SIZES must be two whole numbers of places of 10 or more, e.g. 5000,100000.');
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('Building (npm run build)...');
    runBuild();
  }
  if (!existsSync('dist/server/main.js')) throw new SetupError('dist/server/main.js is missing: run the build first');
  const results = await measureSideBySide(SIZES);
  const within = printTable(SIZES, results);
  console.log(within ? '\nEvery row within 2x.' : '\nRows marked ! are over 2x (or failed).');
  console.log(`BENCH_RESULT ${JSON.stringify({ sizes: SIZES, results })}`);
  return within ? 0 : 1;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(
      error instanceof SetupError || !(error instanceof Error)
        ? String(error instanceof Error ? error.message : error)
        : error,
    );
    await cleanup();
    process.exit(2);
  });
