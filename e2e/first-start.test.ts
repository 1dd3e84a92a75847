import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryOf, signIn, startServer, type ServerProcess } from '../scripts/bench/server';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The built server on `dir` with the embedded database, started as `npm start` runs it (bench/server.ts). */
async function startBuilt(dir: string): Promise<ServerProcess> {
  const server = await startServer({ DATA_DIR: dir, DATABASE_URL: '' }, 60_000);
  stops.push(() => server.stop());
  return server;
}

/** Signs in, reads a public page, waits two seconds and answers the server's resident memory in MiB. */
async function useAndMeasure(server: ServerProcess): Promise<number> {
  await signIn(server.baseUrl);
  expect((await fetch(`${server.baseUrl}/en/home`)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return memoryOf(server.pid)!.rssMb;
}

/** Issue 39, item 4: the very first start (a new DATA_DIR) ends as light as a restart (decision 045). */
describe("the built server's first start", () => {
  it('makes its new database in a process of its own, so it holds no more memory than a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-first-start-'));
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));

    const first = await startBuilt(dir);
    expect(existsSync(join(dir, 'db', 'PG_VERSION'))).toBe(true);
    const firstMb = await useAndMeasure(first);
    // the process that made the database has exited: the server has no child process left
    const children = readFileSync(`/proc/${first.pid}/task/${first.pid}/children`, 'utf8').trim();
    expect(children).toBe('');
    await first.stop();

    const again = await startBuilt(dir);
    const restartMb = await useAndMeasure(again);
    // PostgreSQL's initdb in the server's own process left 75-500 MiB more resident than a restart
    expect(firstMb - restartMb).toBeLessThan(40);
    expect([...first.warnings(), ...again.warnings()]).toEqual([]);
  }, 120_000);

  it('says plainly what the new-database script needs, and exits 1 without a stack trace', () => {
    const run = spawnSync(process.execPath, ['dist/server/new-database.js'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Could not make the database: expected: <folder> migrate|empty');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});
