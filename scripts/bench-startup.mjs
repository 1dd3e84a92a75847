// `npm run bench:startup`: time from process start to a healthy server (first start on an empty
// DATA_DIR, then a restart on the same data), and the idle server's resident memory.
// `node scripts/bench-startup.mjs --breakdown` also says what that memory is (see docs/memory.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3917;
const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const breakdown = process.argv.includes('--breakdown');
const mib = (bytes) => Math.round(bytes / 1048576);

// Preloaded into the server with --breakdown: answers a 'memory' message with its figures after a
// full garbage collection, so garbage not yet collected does not count as the heap.
const MEMORY_PROBE = `process.on('message', (m) => {
  if (m !== 'memory') return;
  const before = process.memoryUsage();
  globalThis.gc();
  process.send({ before, after: process.memoryUsage() });
});`;

async function startAndMeasure(label) {
  const started = performance.now();
  const flags = breakdown
    ? ['--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(MEMORY_PROBE)}`]
    : [];
  const child = spawn(process.execPath, [...flags, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'benchmark-password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(breakdown ? ['ipc'] : [])],
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await measure(label, child, started);
  } finally {
    // also when the measurement failed, so no server is left running on the port
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

async function measure(label, child, started) {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    // A server that failed to start has said why on stderr: no need to wait out the time limit.
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was healthy`);
    if (performance.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
    await sleep(20);
  }
  const ms = Math.round(performance.now() - started);
  // a few requests, then let it settle before reading its memory
  for (const path of ['/api/languages', '/api/translations/en', '/api/places/translations/en']) {
    await fetch(`http://127.0.0.1:${PORT}${path}`);
  }
  await sleep(2000);
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  console.log(
    `${label.padEnd(12)} healthy after ${String(ms).padStart(5)} ms, idle RSS ${Math.round(Number(rss) / 1024)} MiB`,
  );
  if (breakdown) await printBreakdown(child);
}

/** Resident memory by mapping (from /proc/PID/smaps, read before the probe's collection) and V8's own figures. */
async function printBreakdown(child) {
  const mappings = [];
  for (const line of readFileSync(`/proc/${child.pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const size = parseInt(header[2], 16) - parseInt(header[1], 16);
      mappings.push({ size, writable: header[3][1] === 'w', name: header[4], rss: 0 });
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) mappings.at(-1).rss = Number(rss[1]) * 1024;
  }
  const sum = (list) => mib(list.reduce((total, m) => total + m.rss, 0));
  const anonymous = mappings.filter((m) => m.name === '' && m.writable);
  // PGlite's WebAssembly.Memory is one writable anonymous mapping the size of its linear memory (at
  // least 128 MiB); nothing else in this process maps that much in one piece.
  const wasm = anonymous.filter((m) => m.size >= 128 * 1048576 && m.rss > 0);
  const node = mappings.filter((m) => m.name === process.execPath);
  const libraries = mappings.filter((m) => m.name.startsWith('/') && m.name !== process.execPath);
  const mallocHeap = mappings.filter((m) => m.name === '[heap]');
  const otherAnonymous = anonymous.filter((m) => !wasm.includes(m));

  const reply = new Promise((r) => child.once('message', r));
  child.send('memory');
  const { before, after } = await reply;
  console.log(
    [
      `  PGlite WebAssembly memory, resident: ${sum(wasm)} MiB (of ${mib(wasm.reduce((t, m) => t + m.size, 0))} MiB)`,
      `  node executable (code and data, shared with other node processes): ${sum(node)} MiB`,
      `  shared libraries (libvips, libstdc++, ...): ${sum(libraries)} MiB`,
      `  malloc main heap: ${sum(mallocHeap)} MiB; other anonymous memory (V8 heap and code, wasm code, malloc arenas): ${sum(otherAnonymous)} MiB`,
      `  V8 heap: ${mib(before.heapUsed)} MiB used of ${mib(before.heapTotal)} MiB, ${mib(after.heapUsed)} MiB live after a full GC; ` +
        `external ${mib(after.external)} MiB (includes the WebAssembly memory's full size), array buffers ${mib(after.arrayBuffers)} MiB`,
    ].join('\n'),
  );
}

try {
  await startAndMeasure('first start');
  await startAndMeasure('restart');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
