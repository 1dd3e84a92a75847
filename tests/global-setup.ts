import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database (PGlite data directory dump) for every test file. */
    pgliteSnapshot: string;
  }
}

interface Snapshot {
  path: string;
  /** Projects that use it and have not finished. */
  users: number;
  dir: string;
}

/**
 * Global setups of all projects run in Vitest's main process: the projects that ask for the
 * snapshot (integration, e2e) share one, made by the first.
 */
const run = globalThis as typeof globalThis & { pgliteSnapshot?: Promise<Snapshot> };

async function makeSnapshot(): Promise<Snapshot> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-pglite-snapshot-'));
  const path = join(dir, 'migrated.tar');
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { path, dir, users: 0 };
}

/**
 * Once per test run: an empty embedded database with every migration applied, dumped to a file.
 * Each test file starts its own in-memory database from it (tests/helpers/test-database.ts) in
 * under a second instead of running initdb and the migrations again (about 2.6 s per file).
 */
export default async function setup(project: TestProject) {
  run.pgliteSnapshot ??= makeSnapshot();
  const snapshot = await run.pgliteSnapshot;
  snapshot.users++;
  project.provide('pgliteSnapshot', snapshot.path);
  return async () => {
    if (--snapshot.users > 0) return;
    run.pgliteSnapshot = undefined;
    await rm(snapshot.dir, { recursive: true, force: true });
  };
}
