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

/**
 * Once per test run: an empty embedded database with every migration applied, dumped to a file.
 * Each test file starts its own in-memory database from it (tests/helpers/test-database.ts) in
 * under a second instead of running initdb and the migrations again (about 2.6 s per file).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'tp-pglite-snapshot-'));
  const path = join(dir, 'migrated.tar');
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', path);
  return () => rm(dir, { recursive: true, force: true });
}
