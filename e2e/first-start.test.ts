import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../tests/helpers/ports';

const PASSWORD = 'first-start-password';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The built server (dist/server/main.js) on `dir`, as `npm start` runs it, once it answers /api/health. */
async function startBuilt(dir: string): Promise<{ child: ChildProcess; origin: string; stop(): Promise<void> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--max-semi-space-size=32', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dir,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  stops.push(stop);
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`);
    if (Date.now() - started > 60_000) throw new Error('the server was not healthy after 60 s');
    const health = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (health?.ok) break;
  }
  return { child, origin, stop };
}

/** Signs in, reads a public page, waits two seconds and answers the server's resident memory in MiB. */
async function useAndMeasure(origin: string, pid: number): Promise<number> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  expect((await fetch(`${origin}/en/home`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** Issue 39, item 4: the very first start (a new DATA_DIR) ends as light as a restart (decision 045). */
describe("the built server's first start", () => {
  it('makes its new database in a process of its own, so it holds no more memory than a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-first-start-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));

    const first = await startBuilt(dir);
    expect(existsSync(join(dir, 'db', 'PG_VERSION'))).toBe(true);
    const firstMb = await useAndMeasure(first.origin, first.child.pid!);
    // the process that made the database has exited: the server has no child process left
    const children = readFileSync(`/proc/${first.child.pid}/task/${first.child.pid}/children`, 'utf8').trim();
    expect(children).toBe('');
    await first.stop();

    const again = await startBuilt(dir);
    const restartMb = await useAndMeasure(again.origin, again.child.pid!);
    // PostgreSQL's initdb in the server's own process left 75-500 MiB more resident than a restart
    expect(firstMb - restartMb).toBeLessThan(40);
  }, 120_000);

  it('says plainly what the new-database script needs, and exits 1 without a stack trace', () => {
    const run = spawnSync(process.execPath, ['dist/server/new-database.js'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Could not make the database: expected: <folder> migrate|empty');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
