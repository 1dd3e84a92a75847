// `npm run bench:heic`: does the site keep answering while HEIC photos upload? HEIC is decoded by
// libheif in WebAssembly (sharp has no HEVC decoder); on the event loop a 27-megapixel photo held
// every answer back for seconds. Target: a cached page answers within 200 ms meanwhile.
//
// Builds dist/ if it is missing or stale, starts the built server (embedded PGlite, temp DATA_DIR),
// signs in, uploads one JPEG (a place on the home page, city data loaded), then asks for the cached
// home page /en/home every 20 ms from one client:
//   1. alone (baseline),
//   2. while BENCH_HEIC_UPLOADS 27-megapixel HEIC photos (6400 x 4320, tests/helpers/heic-grid.ts)
//      upload one after another,
// and prints p50/p99/max of each, the upload times and the server's memory (RSS) before, at its
// peak and after the uploads (the decoder's memory goes with its worker thread).
//
//   BENCH_HEIC_UPLOADS=3  BENCH_SECONDS=3 (baseline)  BENCH_SKIP_BUILD=1 (use dist/ as it is)
//
// Exits 1 when a request fails or an upload is refused; the target itself is reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeHeicGrid } from '../tests/helpers/heic-grid';
import { uploadRequest } from '../tests/helpers/multipart';
import { makePhoto } from '../tests/helpers/photos';
import { runBuild, staleReason } from './bench/build';
import { percentile, timedRequest } from './bench/clients';
import { memoryOf, startServer, waitUntilIdle } from './bench/server';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));

const intEnv = (name: string, fallback: number, min: number, max: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
};
const UPLOADS = intEnv('BENCH_HEIC_UPLOADS', 3, 1, 20);
const SECONDS = intEnv('BENCH_SECONDS', 3, 1, 60);
const TARGET_MS = 200;
const PAGE = '/en/home';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const round = (ms: number) => Math.round(ms);

/** Asks for the page every 20 ms until `until` settles; answers each request's time. */
async function probe(baseUrl: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  try {
    while (!done) {
      const answer = await timedRequest(`${baseUrl}${PAGE}`, {
        agent,
        localAddress: '127.0.0.1',
        headers: { 'accept-encoding': 'br' },
      });
      if (answer.status !== 200) throw new Error(`${PAGE} answered ${answer.status}`);
      times.push(answer.ms);
      await sleep(20);
    }
  } finally {
    agent.destroy();
  }
  return times;
}

const summary = (times: number[]) =>
  `${times.length} requests, p50 ${round(percentile(times, 50))} ms, p99 ${round(percentile(times, 99))} ms, ` +
  `max ${round(Math.max(...times))} ms`;

async function main() {
  const stale = process.env.BENCH_SKIP_BUILD ? undefined : staleReason();
  if (stale) {
    console.log(`Building (${stale})...`);
    runBuild();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-heic-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const { baseUrl } = server;
    const login = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ password: 'benchmark-password' }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const upload = async (photo: Buffer, filename: string) => {
      const request = uploadRequest(photo, { filename });
      const started = performance.now();
      const response = await fetch(`${baseUrl}${request.url}`, {
        method: 'POST',
        headers: { ...request.headers, origin: baseUrl, cookie },
        body: new Uint8Array(request.payload),
      });
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`upload of ${filename} answered ${response.status}`);
      return ms;
    };

    await upload(await makePhoto({ gps: { latitude: 35.6595, longitude: 139.7005 } }), 'warm-up.jpg');
    await fetch(`${baseUrl}${PAGE}`); // rendered once, then served from the render cache
    await waitUntilIdle(server.pid);
    const before = memoryOf(server.pid);

    const baseline = await probe(baseUrl, sleep(SECONDS * 1000));
    const uploadTimes: number[] = [];
    const uploads = (async () => {
      for (let i = 0; i < UPLOADS; i++) {
        const heic = makeHeicGrid({ columns: 10, rows: 9, variant: Date.now() + i });
        uploadTimes.push(await upload(heic, `IMG_${i}.HEIC`));
      }
    })();
    const during = await probe(baseUrl, uploads);
    await uploads;
    const peak = memoryOf(server.pid);
    await sleep(6000); // longer than the decoder thread's idle time
    const after = memoryOf(server.pid);

    console.log(`\nCached ${PAGE}, one request every 20 ms`);
    console.log(`  alone:                                  ${summary(baseline)}`);
    console.log(`  while ${UPLOADS} 27-MP HEIC photos upload:       ${summary(during)}`);
    console.log(`  uploads (6400 x 4320 HEIC):             ${uploadTimes.map((ms) => `${round(ms)} ms`).join(', ')}`);
    console.log(
      `  server RSS: ${before?.rssMb ?? '?'} MB before, ${peak?.rssMb ?? '?'} MB after the uploads ` +
        `(peak ${peak?.peakRssMb ?? '?'} MB), ${after?.rssMb ?? '?'} MB 6 s later`,
    );
    const worst = percentile(during, 99);
    console.log(
      `\n${worst <= TARGET_MS ? 'MET' : 'MISSED'}: p99 ${round(worst)} ms during uploads (target ${TARGET_MS} ms)`,
    );
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        baseline: { p50: percentile(baseline, 50), p99: percentile(baseline, 99), max: Math.max(...baseline) },
        during: { p50: percentile(during, 50), p99: percentile(during, 99), max: Math.max(...during) },
        uploadMs: uploadTimes.map(round),
        rssMb: { before: before?.rssMb, afterUploads: peak?.rssMb, peak: peak?.peakRssMb, later: after?.rssMb },
      })}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
