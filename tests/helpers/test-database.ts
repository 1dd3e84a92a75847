import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

let snapshot: Promise<Blob> | undefined;

/**
 * The migrated empty database of this test run (tests/global-setup.ts), read once per file; none
 * in a project without that setup (each database then starts with initdb and the migrations).
 */
function migratedSnapshot(): Promise<Blob | undefined> {
  const path = inject('pgliteSnapshot');
  if (!path) return Promise.resolve(undefined);
  snapshot ??= readFile(path).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * Makes `dir` an embedded database folder holding the run's migrated database, for a server or
 * command to open as its own: no initdb and no migrations there (about 2.5 s).
 */
export async function migratedPgliteFolder(dir: string): Promise<void> {
  await (await openDatabase({ pgliteDir: dir, pgliteSnapshot: await migratedSnapshot() })).close();
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it again. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tp_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh, empty, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close), so
 * parallel files and runs never share rows.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteSnapshot: await migratedSnapshot() });
  const server = await createServerDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: server.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await server.drop();
    },
  };
}
