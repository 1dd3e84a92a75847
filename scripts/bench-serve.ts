// `npm run bench:serve`: builds, fills a database with N places, starts the built server and
// measures, in one run and side by side, static-file throughput (the 1.0 baseline), repeated and
// first-time page renders, a list API, popular pages while an admin edits another place, response
// sizes, sitemap coverage, the server's memory, and React's render of first-render pages alone
// ("first render = N x React's render", decision 024).
//
//   BENCH_PLACES=5000  BENCH_SECONDS=8  BENCH_CONNECTIONS=16  BENCH_SKIP_BUILD=1
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test  (a fresh tp_bench_* database is created
//   on that server and dropped at the end; without it, embedded PGlite in a temp DATA_DIR)
//
// Prints readable tables, then one line `BENCH_RESULT {json}`. Exits non-zero only when the server
// does not start or a load scenario saw errors, timeouts or non-2xx answers; targets are reported.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CITY_SLUG, fillDatabase, placeSlug } from './bench/fill';
import { runScenario, type ScenarioResult } from './bench/load';
import {
  cpuTicks,
  createBenchDatabase,
  memoryOf,
  startServer,
  waitUntilIdle,
  type ServerProcess,
} from './bench/server';
import { checkSitemap, measureSize, rawGet, type SizeResult } from './bench/sizes';
import { cleanup, onCleanup, SetupError } from './bench/cleanup';
import { runBuild } from './bench/build';
import { SEARCH_WARM_UP, searchScenarios } from './bench/search';
import { popularPaths, startEditor, type Editor, type EditStats } from './bench/editing';
import { startReactAlone, type ReactAlone } from './bench/react-render';

// dist/, `npm run build` and the server's own paths are all relative to the project root
process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const PLACES = intEnv('BENCH_PLACES', 5000);
const SECONDS = intEnv('BENCH_SECONDS', 8);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 16);
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
const SERVER_URL = process.env.DATABASE_URL?.trim() || undefined;
/** The popular-pages comparison alternates idle and editing runs this many times. */
const POPULAR_ROUNDS = intEnv('BENCH_POPULAR_ROUNDS', 4);
/** First-render pages React renders alone at the end (decision 024). */
const REACT_SAMPLE = intEnv('BENCH_REACT_SAMPLE', 100);
/** First renders (in /fr/, of other places) before the measured ones; React alone warms up as long. */
const FIRST_RENDER_WARM_UP = intEnv('BENCH_WARM_UP_RENDERS', 1500);
/** The measured first renders run in this many rounds, React alone measured after each (decision 024). */
const FIRST_RENDER_ROUNDS = 4;
const popularSeconds = Math.max(2, Math.round((SECONDS * 2) / POPULAR_ROUNDS));
/** The place requested again and again; the first-render scenario never asks for it. */
const REPEATED_PLACE = 42;
const KB = 1000;

/** The edits of several editing runs, added up (the median is the slowest run's: an upper bound). */
function addEdits(sum: EditStats | undefined, next: EditStats): EditStats {
  if (!sum) return next;
  return {
    edits: sum.edits + next.edits,
    failures: sum.failures + next.failures,
    ...((next.lastFailure ?? sum.lastFailure) ? { lastFailure: next.lastFailure ?? sum.lastFailure } : {}),
    p50Ms: Math.max(sum.p50Ms, next.p50Ms),
  };
}

/**
 * Rounds of one scenario (same name) made into one row: requests and seconds added up, so its
 * throughput is all its responses over all its time; latencies are the worst round's.
 */
function mergeRounds(scenarios: Array<ScenarioResult & { cpuMsPerRequest: number }>): void {
  for (let i = 0; i < scenarios.length; i++) {
    const first = scenarios[i]!;
    for (let j = scenarios.length - 1; j > i; j--) {
      const other = scenarios[j]!;
      if (other.name !== first.name) continue;
      const cpuMs = first.cpuMsPerRequest * first.requests + other.cpuMsPerRequest * other.requests;
      const bytes = first.bytesPerRequest * first.requests + other.bytesPerRequest * other.requests;
      first.requests += other.requests;
      first.seconds = Math.round((first.seconds + other.seconds) * 10) / 10;
      first.reqPerSec = Math.round(first.requests / Math.max(first.seconds, 0.001));
      first.p50Ms = Math.max(first.p50Ms, other.p50Ms);
      first.p99Ms = Math.max(first.p99Ms, other.p99Ms);
      first.errors += other.errors;
      first.timeouts += other.timeouts;
      first.non2xx += other.non2xx;
      first.cpuMsPerRequest = Math.round((cpuMs / Math.max(first.requests, 1)) * 100) / 100;
      first.bytesPerRequest = Math.round(bytes / Math.max(first.requests, 1));
      scenarios.splice(j, 1);
    }
  }
}

// ---- output helpers ----------------------------------------------------------------------------
function printTable(title: string, rows: Array<Array<string | number>>): void {
  const cells = rows.map((row) => row.map(String));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0))) ?? [];
  console.log(`\n${title}`);
  for (const [r, row] of cells.entries()) {
    // text columns left-aligned, numbers right-aligned
    console.log(
      '  ' +
        row
          .map((cell, i) =>
            /^[\d.,-]+( \w+)?$/.test(cell) && r > 0 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
          )
          .join('  '),
    );
  }
}
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ratio = (value: number, base: number) => Math.round((value / base) * 1000) / 1000;

function build(): number {
  console.log('Building (npm run build)...');
  try {
    return runBuild();
  } catch (error) {
    throw new SetupError(error instanceof Error ? error.message : String(error));
  }
}

/** A small file @fastify/static serves from dist/client: the favicon, which every build has. */
function staticPath(): string {
  if (existsSync('dist/client/favicon.svg')) return '/favicon.svg';
  throw new SetupError('dist/client/favicon.svg is missing: run the build first');
}

/** Fisher-Yates with a fixed seed: first renders hit places in no particular (but repeatable) order. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let state = 12345;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

async function main(): Promise<number> {
  const buildMs = SKIP_BUILD ? undefined : build();
  if (!existsSync('dist/server/main.js'))
    throw new SetupError('dist/server/main.js is missing: run without BENCH_SKIP_BUILD');
  const staticFile = staticPath();

  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-serve-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (SERVER_URL) {
    const database = await createBenchDatabase(SERVER_URL);
    onCleanup(() => database.drop());
    databaseUrl = database.url;
    console.log(`Database: PostgreSQL, fresh database ${database.name}`);
  } else {
    console.log(`Database: embedded PGlite in ${dataDir}`);
  }
  const dbKind = databaseUrl ? 'postgres' : 'pglite';

  const fill = await fillDatabase({ databaseUrl, dataDir, places: PLACES });
  console.log(
    `Filled ${fill.places} places, ${fill.translations} translations, ${fill.historyRows} history and ` +
      `${fill.factRows} facts rows, ${fill.imageFiles} image files in ${(fill.ms / 1000).toFixed(1)} s`,
  );

  let server: ServerProcess;
  try {
    server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  onCleanup(() => server.stop());
  const base = server.baseUrl;
  console.log(
    `Server pid ${server.pid} healthy at ${base} after ${server.startupMs} ms; idle RSS ${memoryOf(server.pid)?.rssMb ?? '?'} MiB`,
  );

  const load = { baseUrl: base, seconds: SECONDS, connections: CONNECTIONS };
  const homePath = '/en/home';
  const placePath = `/en/${placeSlug(REPEATED_PLACE)}`;
  const listApi = '/api/places/translations/en';
  // Warm up the JIT and connection handling on the cheapest path, and each repeated path once, so
  // the measured runs compare steady states. Nothing in /de/ is touched before the first renders.
  await runScenario({ ...load, seconds: 2, name: 'warm-up', path: staticFile });
  for (const path of [homePath, placePath, listApi]) await rawGet(base + path, 'br, gzip');
  for (const path of SEARCH_WARM_UP) await rawGet(base + path, 'br, gzip');

  // A few never-requested pages one at a time (in French, untouched elsewhere): what one render
  // costs without queueing, to tell the CPU per render from contention in the loaded run.
  const soloPlaces = [7, 77, 777, 1777, 2777].filter((n) => n <= fill.places && n !== REPEATED_PLACE);
  const soloMs: number[] = [];
  for (const n of soloPlaces) soloMs.push((await rawGet(`${base}/fr/${placeSlug(n)}`, 'br, gzip')).ms);
  const soloMedianMs = [...soloMs].sort((a, b) => a - b)[Math.floor(soloMs.length / 2)] ?? 0;
  console.log(`First render alone (${soloMs.length} pages in /fr/, one at a time): ${soloMs.join(', ')} ms`);

  // the popular pages and the edited place have scenarios of their own
  const elsewhere = new Set([REPEATED_PLACE, ...soloPlaces, ...fill.popular, fill.places]);
  const distinctPlaces = shuffled(
    Array.from({ length: fill.places }, (_, i) => i + 1).filter((n) => !elsewhere.has(n)),
  );
  // Before the measured first renders, the server renders other places once each in /fr/ (not
  // measured): a server that has been up a while, as React alone is measured after its own warm-up
  // of as many renders (bench/react-render.ts). What those renders cost is printed too.
  const warmUpCount = Math.min(FIRST_RENDER_WARM_UP, Math.floor(distinctPlaces.length / 2));
  const firstRenderWarmUp = distinctPlaces.slice(0, warmUpCount).map((n) => `/fr/${placeSlug(n)}`);
  const firstRenderPaths = distinctPlaces.slice(warmUpCount).map((n) => `/de/${placeSlug(n)}`);
  // The measured first renders in rounds of their own pages, React's render of a sample of them
  // alone measured after each round: a shared machine's slower minutes then weigh on both sides of
  // "first render = N x React's render" alike (both measured warm). Each round renders its whole
  // list: a round stopped by the clock would leave up to CONNECTIONS renders half done or done for
  // no response, whose CPU would be billed to the answered ones. A round is as many pages as the
  // warm-up rendered in SECONDS / FIRST_RENDER_ROUNDS (at least 50), so the rounds take about SECONDS.
  let firstRenderRoundSize = 0;
  const firstRenderRound = (round: number) => {
    firstRenderRoundSize ||= Math.max(
      50,
      Math.min(
        Math.floor(firstRenderPaths.length / FIRST_RENDER_ROUNDS),
        Math.round(((firstRenderWarmUpRate || 50) * SECONDS) / FIRST_RENDER_ROUNDS),
      ),
    );
    return firstRenderPaths.slice(round * firstRenderRoundSize, (round + 1) * firstRenderRoundSize);
  };
  /** First renders a second during their warm-up (it sizes the measured rounds). */
  let firstRenderWarmUpRate = 0;
  const reactSample = firstRenderPaths.slice(0, REACT_SAMPLE);
  let reactAlone: ReactAlone | undefined;
  const reactRounds: number[] = [];
  /** The server's CPU a first render in each round, in ms (printed beside React's of the same round). */
  const firstRenderRoundsMs: number[] = [];
  const measureReact = async () => {
    if (!reactAlone) {
      reactAlone = await startReactAlone(base, reactSample, warmUpCount);
      onCleanup(async () => reactAlone?.stop());
    }
    reactRounds.push(await reactAlone.round());
  };
  /** Server CPU a request of each step's warm-up, in ms. */
  const warmUpCpuMs = new Map<string, number>();
  const popular = popularPaths(fill.popular);
  let editStats: EditStats | undefined;
  const scenarios: Array<ScenarioResult & { cpuMsPerRequest: number }> = [];
  const plan: Array<{
    name: string;
    path?: string;
    paths?: string[];
    /** Or the paths made when the step starts (after the steps before it). */
    pathsThen?: () => string[];
    cycle?: boolean;
    /** Before the run: pages to visit once each (not measured). */
    warm?: string[];
    /** During the run: an admin at work, stopped when the run ends. */
    alongside?: () => Promise<Editor>;
    /** After the run, once the server is idle. */
    after?: () => Promise<void>;
    seconds?: number;
  }> = [
    { name: 'static file', path: staticFile },
    { name: 'home', path: homePath },
    { name: 'place page (repeated)', path: placePath },
    ...Array.from({ length: FIRST_RENDER_ROUNDS }, (_, round) => ({
      name: 'first renders (/de/)',
      pathsThen: () => firstRenderRound(round),
      // a whole round however long it takes (see firstRenderRound)
      seconds: 600,
      ...(round === 0 ? { warm: firstRenderWarmUp } : {}),
      after: measureReact,
    })),
    { name: 'list API (repeated)', path: listApi },
    // search (bench/search.ts): cached answers, and distinct queries that each reach the database
    ...searchScenarios(),
    // nearby (bench/nearby.ts): one place's answer cached, then each place's once from the database
    ...(await import('./bench/nearby').then((nearby) => nearby.nearbyScenarios(base))),
    // popular pages (bench/editing.ts), all cached, read in turn: with nothing changing, then while
    // an admin saves a place of another city once a second. The two alternate in POPULAR_ROUNDS
    // shorter runs (added up below), so a machine whose load drifts during the run weighs on both alike.
    ...Array.from({ length: POPULAR_ROUNDS }, (_, round) => [
      {
        name: 'popular pages (idle)',
        paths: popular,
        cycle: true,
        seconds: popularSeconds,
        // twice: the second visit is each entry's first hit, which recompresses it in the background
        // (response-cache.ts): that work belongs to the warm-up, not to the idle side of the ratio
        ...(round === 0 ? { warm: [...popular, ...popular] } : {}),
      },
      {
        name: 'popular pages (admin editing)',
        paths: popular,
        cycle: true,
        seconds: popularSeconds,
        alongside: () => startEditor(base, fill.edited),
      },
    ]).flat(),
    // the machine is shared: a second static run at the end shows how much the baseline drifted
    { name: 'static file (again)', path: staticFile },
  ];
  for (const { warm, alongside, after, pathsThen, ...step } of plan) {
    // every page of the list once, however long it takes (first renders run at tens a second)
    const ticksBeforeWarm = cpuTicks(server.pid) ?? 0;
    const warmed = warm && (await runScenario({ ...load, seconds: 600, name: 'warm-up', paths: warm }));
    await waitUntilIdle(server.pid);
    if (warmed)
      warmUpCpuMs.set(step.name, (((cpuTicks(server.pid) ?? 0) - ticksBeforeWarm) * 10) / Math.max(warmed.requests, 1));
    if (warmed && step.name.startsWith('first renders')) firstRenderWarmUpRate = warmed.reqPerSec;
    const paths = pathsThen?.();
    if (paths?.length === 0) continue;
    if (paths) step.paths = paths;
    process.stdout.write(`  ${step.name}...`);
    const editor = await alongside?.();
    const ticksBefore = cpuTicks(server.pid) ?? 0;
    const result = await runScenario({ ...load, ...step });
    if (editor) editStats = addEdits(editStats, await editor.stop());
    // include the renders the server finishes after autocannon hung up: they were paid for too
    const waitedAfter = await waitUntilIdle(server.pid);
    // /proc counts CPU in clock ticks, 100 per second on Linux
    const cpuMs = ((cpuTicks(server.pid) ?? 0) - ticksBefore) * 10;
    const cpuMsPerRequest = Math.round((cpuMs / Math.max(result.requests, 1)) * 100) / 100;
    process.stdout.write(
      ` ${result.reqPerSec} req/s` +
        (waitedAfter > 1000 ? ` (server busy ${(waitedAfter / 1000).toFixed(1)} s after)` : '') +
        (editor && editStats ? `, ${editStats.edits} edits saved (median ${editStats.p50Ms} ms)` : '') +
        '\n',
    );
    scenarios.push({ ...result, cpuMsPerRequest });
    if (step.name.startsWith('first renders')) firstRenderRoundsMs.push(cpuMsPerRequest);
    await after?.();
  }
  reactAlone?.stop();
  mergeRounds(scenarios);
  const statics = scenarios.filter((s) => s.name.startsWith('static'));
  const baseline = statics.reduce((sum, s) => sum + s.reqPerSec, 0) / Math.max(statics.length, 1) || 1;
  const rate = (name: string) => scenarios.find((s) => s.name.startsWith(name))?.reqPerSec ?? 0;
  const popularKept = ratio(rate('popular pages (admin'), rate('popular pages (idle)') || 1);
  console.log(
    `\nPopular pages (${popular.length} pages of ${fill.popular.length} places in ${fill.popularCities} cities): ` +
      `${rate('popular pages (idle)')} req/s idle, ${rate('popular pages (admin')} req/s while an admin edits ` +
      `${fill.edited.slug} in ${fill.edited.location} once a second: ${popularKept.toFixed(3)} of the throughput kept; ` +
      `${editStats?.edits ?? 0} edits saved, ${editStats?.failures ?? 0} failed` +
      (editStats?.lastFailure ? ` (last: ${editStats.lastFailure})` : ''),
  );

  printTable(
    `Load (${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding: br, gzip; baseline = mean of both static runs ` +
      `${Math.round(baseline)} req/s, shared machine: compare ratios, not absolute numbers)`,
    [
      [
        'scenario',
        'path',
        'req/s',
        'ratio',
        'p50 ms',
        'p99 ms',
        'requests',
        'errors',
        'timeouts',
        'non-2xx',
        'bytes/req',
        'server CPU ms/req',
      ],
      ...scenarios.map((s) => [
        s.name,
        s.path,
        s.reqPerSec,
        ratio(s.reqPerSec, baseline).toFixed(3),
        s.p50Ms,
        s.p99Ms,
        s.requests,
        s.errors,
        s.timeouts,
        s.non2xx,
        s.bytesPerRequest,
        s.cpuMsPerRequest.toFixed(2),
      ]),
    ],
  );

  await waitUntilIdle(server.pid);
  const sizePaths = [homePath, `/en/${CITY_SLUG}`, listApi, `/api/cities/by-slug/${CITY_SLUG}/places`];
  const sizes: SizeResult[] = [];
  const shortUrl = (url: string) => url.replace(base, '').replace(/(cursor=[^&#]{8})[^&#]*/, '$1...');
  for (const path of sizePaths) sizes.push(await measureSize(base, path));
  printTable('Sizes (one request each; "next" = first rel="next" link, its status, items and overlap with page 1)', [
    ['path', 'status', 'identity', 'br', 'enc', 'ms', 'items', 'next page'],
    ...sizes.map((s) => [
      s.path,
      s.status,
      kb(s.identityBytes),
      kb(s.brBytes),
      s.encoding,
      s.ms,
      s.items ?? '-',
      s.next
        ? `${shortUrl(s.next)} -> ${s.nextStatus ?? '?'}` +
          (s.nextItems !== undefined ? `, ${s.nextItems} items, ${s.nextOverlap ?? 0} already on page 1` : '')
        : 'none',
    ]),
  ]);

  const slugs = Array.from({ length: fill.places }, (_, i) => placeSlug(i + 1));
  const sitemap = await checkSitemap(base, slugs);
  console.log(
    `\nSitemap: ${sitemap.kind} (${sitemap.status}), /sitemap.xml ${kb(sitemap.bytes)}, ${sitemap.children} child sitemaps ` +
      `(largest ${kb(sitemap.largestChildBytes)}), ${sitemap.urls} <url>s (max ${sitemap.maxUrlsPerFile} per file), ` +
      `place URLs ${sitemap.placeUrlsFound}/${sitemap.placeUrlsExpected}`,
  );

  // React's render of the same pages alone (decision 024), measured after each round of first renders
  const firstRender = scenarios.find((s) => s.name.startsWith('first renders'));
  const firstRenderWarmUpMs = firstRender && warmUpCpuMs.get(firstRender.name);
  const reactMs = reactRounds.reduce((sum, ms) => sum + ms, 0) / Math.max(reactRounds.length, 1);
  const firstRenderTimes = Math.round(((firstRender?.cpuMsPerRequest ?? 0) / reactMs) * 100) / 100;
  console.log(
    `\nReact's render alone (${reactSample.length} of those /de/ pages, their data, no HTTP or database, in a process ` +
      `with the server's node flags, after ${warmUpCount} renders to warm up; after each of the ${reactRounds.length} ` +
      `rounds of first renders: ${reactRounds.map((ms) => ms.toFixed(2)).join(', ')} ms): ${reactMs.toFixed(2)} ms CPU; ` +
      `first render = ${firstRenderTimes} x React's render (${firstRender?.cpuMsPerRequest.toFixed(2)} ms server CPU, ` +
      `after ${warmUpCount} first renders in /fr/ that cost ${firstRenderWarmUpMs?.toFixed(2)} ms each), ` +
      `${ratio(rate('first renders'), baseline).toFixed(3)} x static`,
  );
  // each round against React's measured right after it: how far the machine's drift moves N
  console.log(
    `By round: server ${firstRenderRoundsMs.map((ms) => ms.toFixed(2)).join(', ')} ms; N ` +
      firstRenderRoundsMs.map((ms, i) => (ms / (reactRounds[i] ?? Number.NaN)).toFixed(2)).join(', '),
  );

  const memory = memoryOf(server.pid);
  console.log(
    `Server memory after the load: RSS ${memory?.rssMb ?? '?'} MiB (peak ${memory?.peakRssMb ?? '?'} MiB), ${dbKind}`,
  );
  const warnings = server.warnings();
  if (warnings.length) console.log(`Server logged ${warnings.length} warnings/errors, last: ${warnings.at(-1)}`);

  const failedScenarios = scenarios.filter((s) => s.errors + s.timeouts + s.non2xx > 0);
  const sizeOf = (path: string) => sizes.find((s) => s.path === path)?.identityBytes ?? Infinity;
  const targets: Array<{ target: string; value: string; pass: boolean | null }> = [
    {
      target: 'repeated place >= 0.4 x static',
      value: ratio(rate('place page'), baseline).toFixed(3),
      pass: rate('place page') >= 0.4 * baseline,
    },
    {
      target: 'home >= 0.3 x static',
      value: ratio(rate('home'), baseline).toFixed(3),
      pass: rate('home') >= 0.3 * baseline,
    },
    {
      target: 'first renders >= 0.15 x static',
      value: ratio(rate('first renders'), baseline).toFixed(3),
      pass: rate('first renders') >= 0.15 * baseline,
    },
    {
      target: "first render <= 2 x React's render",
      value: firstRenderTimes.toFixed(2),
      pass: firstRenderTimes <= 2,
    },
    {
      target: 'popular pages while editing >= 0.8 of idle',
      value: popularKept.toFixed(3),
      pass: popularKept >= 0.8 && (editStats?.edits ?? 0) > 0 && editStats?.failures === 0,
    },
    {
      target: 'no errors, timeouts or non-2xx',
      value: failedScenarios.map((s) => s.name).join(', ') || 'none',
      pass: failedScenarios.length === 0,
    },
    ...sizePaths.map((path) => ({
      target: `${path} <= 200 KB (uncompressed)`,
      value: kb(sizeOf(path)),
      pass: sizeOf(path) <= 200 * KB,
    })),
    { target: '/sitemap.xml <= 1 MB (uncompressed)', value: kb(sitemap.bytes), pass: sitemap.bytes <= 1000 * KB },
    {
      target: 'sitemap lists every place in every language',
      value: `${sitemap.placeUrlsFound}/${sitemap.placeUrlsExpected}`,
      pass: sitemap.placeUrlsFound === sitemap.placeUrlsExpected,
    },
    // the memory target is stated for PostgreSQL; PGlite keeps the database inside the process
    {
      target: 'RSS after load <= 1 GB (PostgreSQL)',
      value: `${memory?.rssMb ?? '?'} MiB`,
      pass: dbKind === 'postgres' ? (memory?.rssMb ?? Infinity) <= 1024 : null,
    },
  ];
  printTable('Targets', [
    ['target', 'value', 'result'],
    ...targets.map((t) => [t.target, t.value, t.pass === null ? 'n/a' : t.pass ? 'PASS' : 'FAIL']),
  ]);

  const result = {
    places: fill.places,
    db: dbKind,
    connections: CONNECTIONS,
    seconds: SECONDS,
    buildMs,
    fillMs: fill.ms,
    startupMs: server.startupMs,
    soloFirstRenderMs: soloMedianMs,
    reactRenderMs: reactMs,
    firstRenderTimesReact: firstRenderTimes,
    firstRenderWarmUp: { renders: warmUpCount, cpuMsPerRequest: firstRenderWarmUpMs },
    staticBaselineReqPerSec: Math.round(baseline),
    scenarios: scenarios.map((s) => ({ ...s, ratio: ratio(s.reqPerSec, baseline) })),
    popularWhileEditingRatio: popularKept,
    edits: editStats,
    sizes,
    sitemap,
    rssMb: memory?.rssMb,
    peakRssMb: memory?.peakRssMb,
    serverWarnings: warnings.length,
    targets: targets.map((t) => ({ ...t })),
  };
  console.log(`\nBENCH_RESULT ${JSON.stringify(result)}`);
  return failedScenarios.length || editStats?.failures ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    const text =
      error instanceof SetupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error;
    console.error('bench-serve failed:', text);
    await cleanup();
    process.exit(2);
  });
