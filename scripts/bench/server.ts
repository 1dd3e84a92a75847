// Process and database plumbing for scripts/bench-serve.ts: the bench database on a PostgreSQL
// server, the built server as a child process, and its memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { freePort } from '../../tests/helpers/ports';
import packageJson from '../../package.json';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The node flags `npm start` gives the server (package.json's start script: `node <flags>
 * scripts/start.mjs`), so a benchmark measures the server as it runs.
 */
export function startNodeFlags(): string[] {
  const start = /^node((?:\s+--\S+)*)\s+scripts\/start\.mjs$/.exec(packageJson.scripts.start);
  if (!start)
    throw new Error(
      `package.json's start script is not "node [flags] scripts/start.mjs": ${packageJson.scripts.start}`,
    );
  return start[1]!.split(/\s+/).filter(Boolean);
}

/** A fresh, uniquely named database beside the one in `serverUrl`; `drop` removes it again. */
export async function createBenchDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `tp_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`create database ${admin(name)}`;
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        // with (force) ends sessions a killed server may have left behind (PostgreSQL 13+)
        await sql`drop database if exists ${sql(name)} with (force)`;
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
  };
}

export { freePort };

/** The admin password of the server the benchmark starts (it signs in with it to edit). */
export const BENCH_ADMIN_PASSWORD = 'benchmark-password';

/** Signs in as the admin; answers the session cookie (name=value) for the admin API. */
export async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: BENCH_ADMIN_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.includes('='));
  if (!response.ok || !cookie) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** Startup time to a healthy /api/health, in ms. */
  startupMs: number;
  /** The server's log lines at warn level or above seen so far (pino writes JSON to stdout). */
  warnings(): string[];
  stop(): Promise<void>;
}

/**
 * Starts dist/server/main.js the way `npm start` ends up running it (its node flags too), and waits until
 * /api/health answers 200. Throws with the server's last output if it exits or never gets healthy.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE=dir: the server writes a V8 CPU profile there when it exits (open it in Chrome's DevTools)
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // BENCH_NODE_ARGS='--flag ...': node or V8 flags for the server (e.g. --perf-basic-prof for `perf record`)
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...startNodeFlags(), ...profile, ...nodeArgs, 'dist/server/main.js'],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // sitemap <loc>s and Link headers then point at the address we can fetch
        PUBLIC_URL: baseUrl,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        AI_PROVIDER: 'offline',
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        // The per-client budget of renders would answer the first-render scenario 429: off here.
        RENDER_BUDGET_PER_MINUTE: '0',
        // The 800 popular pages are about 70 MB (each kept as HTML and brotli): more than the default
        // 64 MB, which read in turn would miss every time. The benchmark measures them cached.
        RENDER_CACHE_MB: process.env.RENDER_CACHE_MB ?? '160',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Keep the output drained (a full pipe would stall the server) and remember its tail.
  const tail: string[] = [];
  const warnings: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      const level = /"level":(\d+)/.exec(line)?.[1];
      if ((level && Number(level) >= 40) || (!line.startsWith('{') && !line.startsWith('Travel Places is ready'))) {
        warnings.push(line.slice(0, 500));
      }
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exitPromise;
    clearTimeout(timer);
  };

  const started = performance.now();
  for (;;) {
    if (exited) throw new Error(`server exited during startup:\n${tail.join('\n')}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`server not healthy after ${timeoutMs / 1000} s:\n${tail.join('\n')}`);
    }
    await sleep(50);
  }
  if (child.pid === undefined) throw new Error('server has no pid');
  return {
    pid: child.pid,
    baseUrl,
    startupMs: Math.round(performance.now() - started),
    warnings: () => [...warnings],
    stop,
  };
}

/** Resident and peak resident memory of a process, in MiB, from /proc (Linux only). */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a process has used, in clock ticks, from /proc/<pid>/stat. */
export function cpuTicks(pid: number): number | undefined {
  try {
    // the command name (field 2) may contain spaces: count fields after its closing parenthesis
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()?.trim().split(/\s+/) ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until the server has (nearly) stopped using CPU. autocannon closes its sockets at the end
 * of a run, but the server still finishes the renders it had started; without this wait the
 * backlog of a slow scenario would be billed to the next one. Answers the time waited in ms.
 */
export async function waitUntilIdle(pid: number, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  let before = cpuTicks(pid);
  while (before !== undefined && performance.now() - started < timeoutMs) {
    await sleep(250);
    const now = cpuTicks(pid);
    // at most 2 ticks (usually 20 ms) of CPU in 250 ms: idle apart from timers and GC
    if (now === undefined || now - before <= 2) break;
    before = now;
  }
  return Math.round(performance.now() - started);
}
