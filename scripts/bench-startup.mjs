// `npm run bench:startup`: time from process start to a healthy server (first start on an empty
// DATA_DIR, then a restart on the same data), and the idle server's resident memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3917;
const dataDir = mkdtempSync(join(tmpdir(), 'tp-bench-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startAndMeasure(label) {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, ADMIN_PASSWORD: 'benchmark-password', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
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
  console.log(`${label.padEnd(12)} healthy after ${String(ms).padStart(5)} ms, idle RSS ${Math.round(Number(rss) / 1024)} MiB`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

try {
  await startAndMeasure('first start');
  await startAndMeasure('restart');
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
