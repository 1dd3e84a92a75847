// `npm run bench:signin`: do images keep loading while many addresses sign in at once? Issue 10,
// point 6: "while 64 addresses sign in 3 times each, the 90th percentile of media requests stays
// < 500 ms". scrypt runs on the libuv threadpool that also reads media files; passwords.ts lets at
// most 2 hashes run and 8 wait, and refuses the rest with 429 (Retry-After: 1).
//
// In one run, side by side on the same machine: builds dist/ if it is missing or stale, starts the
// built server on a free loopback port (embedded PGlite in a temp DATA_DIR, TRUST_PROXY=false),
// signs in and uploads one real JPEG (sharp, EXIF GPS) so media files exist, then measures
//   1. media alone (baseline),
//   2. the same media load while 64 addresses each sign in 3 times, all at once (a third of the
//      attempts with the right password); an attempt refused as "busy" is retried after its
//      Retry-After, as the sign-in page would, at most BENCH_SIGNIN_RETRIES times,
//   3. media alone again (how much the shared machine drifted).
// Each client binds its socket to its own address 127.0.0.x (scripts/bench/clients.ts): the
// server, which trusts no proxy, counts them as 64 different clients. No X-Forwarded-For is sent.
//
//   BENCH_SECONDS=5  BENCH_MEDIA_CONNECTIONS=4  BENCH_ADDRESSES=64  BENCH_SIGNINS=3
//   BENCH_SIGNIN_RETRIES=8  BENCH_SKIP_BUILD=1 (use dist/ as it is)  BENCH_BUILD=1 (always build)
//
// Prints tables, the verdict line and `BENCH_RESULT {json}`. Exits 1 when any request got a 5xx,
// failed on the network, a media request was not 200 or a sign-in got the wrong answer; 2 when the
// setup fails. The target itself is reported, not enforced by the exit code.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { exifFor } from '../tests/helpers/photos';
import { runBuild, staleReason } from './bench/build';
import { checkBind, loopbackAddress, percentile, timedRequest, type TimedResponse } from './bench/clients';
import { cpuTicks, memoryOf, startServer, waitUntilIdle, type ServerProcess } from './bench/server';
import { cleanup, onCleanup, SetupError } from './bench/cleanup';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const intEnv = (name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
};
const SECONDS = intEnv('BENCH_SECONDS', 5, 1, 60);
const MEDIA_CONNECTIONS = intEnv('BENCH_MEDIA_CONNECTIONS', 4, 1, 16);
const ADDRESSES = intEnv('BENCH_ADDRESSES', 64, 1, 128);
const SIGNINS = intEnv('BENCH_SIGNINS', 3, 1, 3);
// 3 attempts x (1 + 8 retries) = 27 requests per address, under the 30 a minute the route allows
const RETRIES = intEnv('BENCH_SIGNIN_RETRIES', 8, 0, 20);
const TARGET_P90_MS = 500;
/** The flood stops retrying after this; every request also has its own 30 s timeout. */
const FLOOD_DEADLINE_MS = 120_000;

/** The password scripts/bench/server.ts starts the server with (ADMIN_PASSWORD). */
const ADMIN_PASSWORD = 'benchmark-password';
const WRONG_PASSWORD = 'not-the-password';
// Client addresses: setup uses 127.0.0.1 (fetch), media clients 127.0.0.2-17, sign-ins 127.0.0.100+.
const mediaAddress = (worker: number) => loopbackAddress(2 + worker);
const signinAddress = (client: number) => loopbackAddress(100 + client);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Math.round(ms);

function printTable(title: string, rows: Array<Array<string | number>>): void {
  const cells = rows.map((row) => row.map(String));
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0))) ?? [];
  console.log(`\n${title}`);
  for (const [r, row] of cells.entries()) {
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

// ---- setup: one place with a real photo ---------------------------------------------------------

/** A phone-sized photo: 12 megapixels of smooth texture (compresses like a scene), EXIF with GPS. */
function makePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(2)
    .withExif(exifFor({ gps: { latitude: 41.8902, longitude: 12.4922 } }))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Signs in as the administrator and uploads the photo; answers the media paths of the new place. */
async function seedPlace(baseUrl: string): Promise<{ paths: string[]; photoBytes: number }> {
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new SetupError(`setup sign-in answered ${login.status}`);

  const photo = await makePhoto();
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rome.jpg');
  form.append('description', 'An evening at the Colosseum.');
  const upload = await fetch(`${baseUrl}/api/admin/upload`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await upload.json()) as {
    photo?: { imageUrl: string; thumbnailPath: string; originalImagePath: string } | null;
    error?: string | null;
  };
  if (upload.status !== 200 || !body.photo) {
    throw new SetupError(`upload answered ${upload.status}: ${body.error ?? JSON.stringify(body).slice(0, 300)}`);
  }
  const { imageUrl, thumbnailPath, originalImagePath } = body.photo;
  return { paths: [imageUrl, thumbnailPath, originalImagePath], photoBytes: photo.length };
}

// ---- media load -----------------------------------------------------------------------------------

interface MediaSample {
  path: string;
  status: number;
  bytes: number;
  ms: number;
}

interface MediaRun {
  samples: MediaSample[];
  errors: string[];
  ms: number;
  serverCpuPercent: number;
}

/**
 * MEDIA_CONNECTIONS clients, each from its own address on one keep-alive connection, request the
 * media paths in turn, one request after another, until `until` resolves. Every request that was
 * sent before then is waited for and counted.
 */
async function runMedia(baseUrl: string, paths: string[], pid: number, until: Promise<unknown>): Promise<MediaRun> {
  const samples: MediaSample[] = [];
  const errors: string[] = [];
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  until.then(stop, stop);
  const ticksBefore = cpuTicks(pid) ?? 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: MEDIA_CONNECTIONS }, async (_, worker) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let n = worker; !stopped; n++) {
          const path = paths[n % paths.length] ?? '/';
          try {
            const res = await timedRequest(baseUrl + path, { localAddress: mediaAddress(worker), agent });
            samples.push({ path, status: res.status, bytes: res.bytes, ms: res.ms });
          } catch (error) {
            errors.push(error instanceof Error ? error.message : String(error));
            await sleep(50);
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const ms = performance.now() - started;
  const cpuMs = ((cpuTicks(pid) ?? 0) - ticksBefore) * 10;
  return { samples, errors, ms, serverCpuPercent: Math.round((cpuMs / ms) * 100) };
}

function mediaSummary(name: string, run: MediaRun) {
  const times = run.samples.map((s) => s.ms);
  const bytes = run.samples.reduce((sum, s) => sum + s.bytes, 0);
  return {
    name,
    requests: run.samples.length,
    seconds: Math.round(run.ms / 100) / 10,
    reqPerSec: Math.round(run.samples.length / (run.ms / 1000)),
    mbPerSec: Math.round(bytes / 1e6 / (run.ms / 1000)),
    p50Ms: round(percentile(times, 50)),
    p90Ms: round(percentile(times, 90)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(Math.max(0, ...times)),
    non200: run.samples.filter((s) => s.status !== 200).length,
    status5xx: run.samples.filter((s) => s.status >= 500).length,
    errors: run.errors.length,
    serverCpuPercent: run.serverCpuPercent,
  };
}

// ---- sign-in flood ------------------------------------------------------------------------------

type Outcome = '200' | '401' | '429 busy' | '429 throttled' | '429 rate limit' | '5xx' | 'other' | 'network error';

interface Attempt {
  client: number;
  right: boolean;
  /** Every answer this attempt got, retries included. */
  answers: Outcome[];
  final: Outcome;
  /** From the first request to the final answer, retry waits included. */
  ms: number;
}

function outcomeOf(res: TimedResponse): Outcome {
  if (res.status === 200 || res.status === 401) return String(res.status) as '200' | '401';
  if (res.status >= 500) return '5xx';
  if (res.status !== 429) return 'other';
  const message = res.body.toString('utf8');
  if (/busy/i.test(message)) return '429 busy';
  if (/failed attempts/i.test(message)) return '429 throttled';
  return '429 rate limit';
}

/** One sign-in: sent, and while the server answers "busy" sent again after its Retry-After. */
async function signIn(baseUrl: string, client: number, right: boolean, deadline: number): Promise<Attempt> {
  const started = performance.now();
  const answers: Outcome[] = [];
  const body = JSON.stringify({ password: right ? ADMIN_PASSWORD : WRONG_PASSWORD });
  for (let retry = 0; ; retry++) {
    let outcome: Outcome;
    let retryAfterS = 1;
    try {
      const res = await timedRequest(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        localAddress: signinAddress(client),
        headers: { 'content-type': 'application/json' },
        body,
        keepBody: true,
      });
      outcome = outcomeOf(res);
      retryAfterS = Number(res.headers['retry-after']) || 1;
    } catch {
      outcome = 'network error';
    }
    answers.push(outcome);
    if (outcome !== '429 busy' || retry >= RETRIES || performance.now() > deadline) {
      return { client, right, answers, final: outcome, ms: performance.now() - started };
    }
    // like a person pressing the button again: after Retry-After, not all in the same millisecond
    await sleep(retryAfterS * 1000 + Math.random() * 500);
  }
}

/** ADDRESSES clients, SIGNINS attempts each, all sent at once; a third use the right password. */
async function runFlood(baseUrl: string): Promise<{ attempts: Attempt[]; ms: number }> {
  const started = performance.now();
  const deadline = started + FLOOD_DEADLINE_MS;
  const attempts = await Promise.all(
    Array.from({ length: ADDRESSES }, (_, client) =>
      Array.from({ length: SIGNINS }, (_, k) => signIn(baseUrl, client, (client + k) % 3 === 0, deadline)),
    ).flat(),
  );
  return { attempts, ms: performance.now() - started };
}

// ---- main ---------------------------------------------------------------------------------------

async function main(): Promise<number> {
  let buildMs: number | undefined;
  const reason = process.env.BENCH_BUILD === '1' ? 'BENCH_BUILD=1' : staleReason();
  if (process.env.BENCH_SKIP_BUILD === '1') {
    if (reason?.includes('missing')) throw new SetupError(`${reason}: run without BENCH_SKIP_BUILD`);
    console.log(`Using dist/ as it is (BENCH_SKIP_BUILD=1${reason ? `; ${reason}` : ''})`);
  } else if (reason) {
    console.log(`Building (npm run build: ${reason})...`);
    try {
      buildMs = runBuild();
    } catch (error) {
      throw new SetupError(error instanceof Error ? error.message : String(error));
    }
  } else {
    console.log('dist/ is up to date');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-signin-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  let server: ServerProcess;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      // embedded PGlite even when the shell has a DATABASE_URL; the real socket address is the client
      DATABASE_URL: '',
      TRUST_PROXY: 'false',
      MAX_CONNECTIONS_PER_IP: '0',
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  onCleanup(() => server.stop());
  const base = server.baseUrl;
  console.log(`Server pid ${server.pid} healthy at ${base} after ${server.startupMs} ms (PGlite in ${dataDir})`);

  const addresses = [
    ...Array.from({ length: MEDIA_CONNECTIONS }, (_, w) => mediaAddress(w)),
    ...Array.from({ length: ADDRESSES }, (_, c) => signinAddress(c)),
  ];
  for (const address of addresses) await checkBind(base, address);
  console.log(
    `Client sockets bind to ${addresses.length} loopback addresses: media ${mediaAddress(0)}-${mediaAddress(MEDIA_CONNECTIONS - 1)}, ` +
      `sign-ins ${signinAddress(0)}-${signinAddress(ADDRESSES - 1)}`,
  );

  const seeded = await seedPlace(base);
  const sizes: Record<string, number> = {};
  for (const path of seeded.paths) {
    const res = await timedRequest(base + path, { localAddress: mediaAddress(0) });
    if (res.status !== 200) throw new SetupError(`${path} answered ${res.status}`);
    sizes[path] = res.bytes;
  }
  console.log(
    `Uploaded a ${(seeded.photoBytes / 1e6).toFixed(1)} MB 12-megapixel JPEG; media requested in turn: ` +
      seeded.paths.map((p) => `${p} (${Math.round((sizes[p] ?? 0) / 1000)} KB)`).join(', '),
  );

  // warm-up: JIT, keep-alive connections, page cache
  await runMedia(base, seeded.paths, server.pid, sleep(1000));

  await waitUntilIdle(server.pid);
  process.stdout.write(`  1. media alone, ${SECONDS} s...`);
  const baseline = mediaSummary('media alone', await runMedia(base, seeded.paths, server.pid, sleep(SECONDS * 1000)));
  console.log(` p90 ${baseline.p90Ms} ms`);

  await waitUntilIdle(server.pid);
  process.stdout.write(`  2. media while ${ADDRESSES} addresses sign in ${SIGNINS} times each...`);
  const floodPromise = runFlood(base);
  const underFloodRun = await runMedia(base, seeded.paths, server.pid, floodPromise);
  const flood = await floodPromise;
  const underFlood = mediaSummary('media during sign-ins', underFloodRun);
  console.log(` p90 ${underFlood.p90Ms} ms; sign-ins done in ${(flood.ms / 1000).toFixed(1)} s`);

  await waitUntilIdle(server.pid);
  process.stdout.write(`  3. media alone again, ${SECONDS} s...`);
  const after = mediaSummary(
    'media alone (again)',
    await runMedia(base, seeded.paths, server.pid, sleep(SECONDS * 1000)),
  );
  console.log(` p90 ${after.p90Ms} ms`);

  const media = [baseline, underFlood, after];
  printTable(
    `Media: ${MEDIA_CONNECTIONS} clients, one request after another each, keep-alive, paths in turn ` +
      `(shared 2-core machine: compare the rows, not absolute numbers)`,
    [
      [
        'phase',
        'requests',
        's',
        'req/s',
        'MB/s',
        'p50 ms',
        'p90 ms',
        'p99 ms',
        'max ms',
        'non-200',
        'errors',
        'server CPU %',
      ],
      ...media.map((m) => [
        m.name,
        m.requests,
        m.seconds,
        m.reqPerSec,
        m.mbPerSec,
        m.p50Ms,
        m.p90Ms,
        m.p99Ms,
        m.maxMs,
        m.non200,
        m.errors,
        m.serverCpuPercent,
      ]),
    ],
  );

  // every answer of every attempt (retries included), and the final answer of each attempt
  const outcomes: Outcome[] = [
    '200',
    '401',
    '429 busy',
    '429 throttled',
    '429 rate limit',
    '5xx',
    'other',
    'network error',
  ];
  const answers = flood.attempts.flatMap((a) => a.answers);
  const count = (list: Outcome[], outcome: Outcome) => list.filter((o) => o === outcome).length;
  const finals = flood.attempts.map((a) => a.final);
  const wrongAnswers = flood.attempts.filter(
    (a) => (a.final === '200' && !a.right) || (a.final === '401' && a.right),
  ).length;
  const attemptTimes = flood.attempts.map((a) => a.ms);
  printTable(
    `Sign-ins: ${ADDRESSES} addresses x ${SIGNINS} attempts = ${flood.attempts.length}, all at once ` +
      `(${flood.attempts.filter((a) => a.right).length} with the right password); "busy" retried after Retry-After, at most ${RETRIES} times`,
    [
      ['status', 'all answers', 'final answer of an attempt'],
      ...outcomes
        .filter((o) => count(answers, o) > 0 || ['200', '401', '429 busy', '5xx'].includes(o))
        .map((o) => [o, count(answers, o), count(finals, o)]),
      ['total', answers.length, finals.length],
    ],
  );
  console.log(
    `  all sign-ins answered in ${(flood.ms / 1000).toFixed(1)} s; per attempt (retries included) ` +
      `p50 ${round(percentile(attemptTimes, 50))} ms, p90 ${round(percentile(attemptTimes, 90))} ms, ` +
      `max ${round(Math.max(0, ...attemptTimes))} ms; right password refused or wrong one accepted: ${wrongAnswers}`,
  );

  // One address sending all of these would pass the route's 30 a minute at once: no "429 rate
  // limit" answer shows that the server counted each socket address as its own client.
  const perAddress = new Map<number, number>();
  for (const a of flood.attempts) perAddress.set(a.client, (perAddress.get(a.client) ?? 0) + a.answers.length);
  const busiestAddress = Math.max(0, ...perAddress.values());
  const distinctSeen = answers.length > 30 && count(answers, '429 rate limit') === 0;
  console.log(
    `  ${answers.length} sign-in requests, at most ${busiestAddress} from one address, ` +
      `${count(answers, '429 rate limit')} refused by the 30-a-minute per-address limit: ` +
      (distinctSeen ? 'the server counted the addresses separately' : 'check how the server sees client addresses'),
  );

  const memory = memoryOf(server.pid);
  const warnings = server.warnings();
  console.log(
    `Server RSS ${memory?.rssMb ?? '?'} MiB (peak ${memory?.peakRssMb ?? '?'} MiB); ` +
      `${warnings.length} warning lines logged` +
      (warnings.length ? `, last: ${warnings.at(-1)?.slice(0, 200)}` : ''),
  );

  const server5xx = media.reduce((sum, m) => sum + m.status5xx, 0) + count(answers, '5xx');
  const failures = [
    server5xx ? `${server5xx} answers 5xx` : '',
    media.some((m) => m.errors) ? 'media network errors' : '',
    media.some((m) => m.non200) ? 'media answers other than 200' : '',
    count(answers, 'network error') ? `${count(answers, 'network error')} sign-in network errors` : '',
    wrongAnswers ? `${wrongAnswers} sign-ins got the wrong answer` : '',
  ].filter(Boolean);

  console.log(
    `\nmedia p90 under sign-in flood: ${underFlood.p90Ms} ms (target < ${TARGET_P90_MS} ms) ` +
      `${underFlood.p90Ms < TARGET_P90_MS ? 'PASS' : 'FAIL'}; alone ${baseline.p90Ms} / ${after.p90Ms} ms`,
  );
  if (failures.length) console.log(`FAILED: ${failures.join('; ')}`);

  const result = {
    buildMs,
    startupMs: server.startupMs,
    mediaConnections: MEDIA_CONNECTIONS,
    addresses: ADDRESSES,
    signinsPerAddress: SIGNINS,
    retries: RETRIES,
    mediaPaths: seeded.paths.map((path) => ({ path, bytes: sizes[path] })),
    media,
    signins: {
      attempts: flood.attempts.length,
      requests: answers.length,
      ms: round(flood.ms),
      answers: Object.fromEntries(outcomes.map((o) => [o, count(answers, o)])),
      finals: Object.fromEntries(outcomes.map((o) => [o, count(finals, o)])),
      attemptP50Ms: round(percentile(attemptTimes, 50)),
      attemptP90Ms: round(percentile(attemptTimes, 90)),
      busiestAddress,
      wrongAnswers,
    },
    mediaP90UnderFloodMs: underFlood.p90Ms,
    targetMs: TARGET_P90_MS,
    pass: underFlood.p90Ms < TARGET_P90_MS,
    rssMb: memory?.rssMb,
    failures,
  };
  console.log(`\nBENCH_RESULT ${JSON.stringify(result)}`);
  return failures.length ? 1 : 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    const text =
      error instanceof SetupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error;
    console.error('bench-signin failed:', text);
    await cleanup();
    process.exit(2);
  });
