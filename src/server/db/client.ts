import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { MIGRATIONS_DIR } from '../paths';
import { makePrivate, PRIVATE_DIR_MODE } from '../security/file-modes';
import { reuseStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both engines: repositories are written once against the PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

/** The rows of a raw `db.execute`: postgres-js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * Embedded PGlite only (one process, so its notifications arrive with the write that sent them):
   * calls `onNotify` with the payload of each NOTIFY on `channel`; answers how to stop.
   * PostgreSQL servers have none: other instances write too (see cache/content-version.ts).
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Session advisory locks, held until released or until this process's connection ends. */
  sessionLocks: SessionLocks;
  /** Applies the migrations of `folder` not applied yet (the project's own by default). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL session-level advisory locks (two-key form) on one connection kept for the life of
 * the handle, so a lock held by a running process shows other processes that it is alive, and
 * is let go by the server when that process dies.
 */
export interface SessionLocks {
  tryLock(space: number, key: number): Promise<boolean>;
  unlock(space: number, key: number): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... to use a server; otherwise embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  pgliteDir?: string;
  /**
   * Start from this data directory (PGlite's `dumpDataDir()`) instead of an initdb and every
   * migration, e.g. one already migrated database for a whole test run. With `pgliteDir`, only
   * where that folder holds no database yet.
   */
  pgliteSnapshot?: Blob;
  /**
   * Apply the project's migrations on opening (the default). A restore opens an empty database
   * without them, and migrates it to the backup's level itself (src/server/backup/restore.ts).
   */
  migrate?: boolean;
  /**
   * Make a new embedded database in this process even where the built server could make it in a
   * process of its own (newDatabaseApart): set by that process itself.
   */
  inThisProcess?: boolean;
}

/** The built server's script that makes a new embedded database (src/server/db/new-database.ts). */
const NEW_DATABASE_SCRIPT = new URL('./new-database.js', import.meta.url);

/**
 * A new embedded database (PostgreSQL's initdb, then the migrations unless `migrate` is false) made
 * in a short-lived process of its own. The process that runs initdb keeps what it freed resident
 * for the rest of its life (glibc's heap, and at times PGlite's temporary initdb instance: 80 MiB
 * to 500 MiB after a first start, docs/memory.md); a process that exits gives it all back, so a
 * server's first start ends as light as a restart. Without the built script (tests, the dev
 * server, scripts run from the sources) the database is made in this process, as before.
 */
async function newDatabaseApart(dir: string, migrate: boolean): Promise<void> {
  const script = fileURLToPath(NEW_DATABASE_SCRIPT);
  if (!existsSync(script)) return;
  const child = spawn(process.execPath, [script, dir, migrate ? 'migrate' : 'empty'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`The new database in ${dir} could not be made (the reason is above).`);
}

/**
 * PGlite keeps PostgreSQL's shared memory in its WebAssembly heap and fills it at start, so all of
 * shared_buffers (128 MB, as initdb writes it into postgresql.conf) is resident from the first
 * second. The embedded database is a few MB: 32 MB of buffers still cache all of it, and the idle
 * server is about 90 MB smaller (docs/memory.md). PGlite's other start parameters stay as they are.
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  // PostgreSQL's contrib modules, which an embedded database loads itself: search's (migration
  // 0005, docs/decisions/007-search.md) and nearby places' (migration 0023, decision 046).
  extensions: { btree_gin, cube, pg_trgm, unaccent },
};

/**
 * Drizzle's PGlite driver sends its result parsers (dates, timestamps and intervals stay text) with
 * every query, and PGlite then copies its whole parser table (some 320 types) for that one query: a
 * sixth to a quarter of a simple indexed select (measured 0.65 -> 0.55 ms and 0.85 -> 0.6 ms). Here
 * the parsers a query brings are set on the instance, where PGlite reads them without a copy, and
 * the query goes on without them. Drizzle sends the same parsers with every query; the handle's own
 * queries (advisory locks) read no dates.
 */
function parseOnTheInstance(client: PGlite): void {
  const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    Object.assign(client.parsers, options.parsers);
    return { ...options, parsers: undefined };
  };
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutParsers(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, withoutParsers(options))) as Transaction['query'];
      return callback(tx);
    })) as PGlite['transaction'];
}

/** First key of the session advisory lock held while migrating (any constant unused elsewhere). */
const MIGRATION_LOCK_SPACE = 0x4d6967; // "Mig"

/**
 * Applies the migrations on a PostgreSQL server while holding an advisory lock, so instances that
 * start together migrate one after the other: the second finds the work done instead of failing
 * on tables the first is creating.
 */
async function migrateOnce(client: postgres.Sql, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const lock = await client.reserve();
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_SPACE}::int, 0)`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await lock`select pg_advisory_unlock(${MIGRATION_LOCK_SPACE}::int, 0)`.catch(() => undefined);
    lock.release();
  }
}

/** Opens the database and applies every committed migration before anything else touches it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    if (options.migrate !== false) await migrateOnce(client);
    // Session locks need one connection for good, not whichever the pool lends: reserved on first use.
    let session: Promise<postgres.ReservedSql> | undefined;
    const onSession = () => (session ??= client.reserve());
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      sessionLocks: {
        async tryLock(space, key) {
          const sql = await onSession();
          const [row] = await sql<
            { locked: boolean }[]
          >`select pg_try_advisory_lock(${space}::int, ${key}::int) as locked`;
          return row?.locked === true;
        },
        async unlock(space, key) {
          const sql = await onSession();
          await sql`select pg_advisory_unlock(${space}::int, ${key}::int)`;
        },
      },
      migrate: (folder) => migrateOnce(client, folder),
      close: async () => {
        if (session) (await session).release();
        await client.end({ timeout: 5 });
      },
    };
  }
  const { pgliteDir } = options;
  if (pgliteDir) mkdirSync(pgliteDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (pgliteDir && !options.pgliteSnapshot && !options.inThisProcess && !existsSync(join(pgliteDir, 'PG_VERSION')))
    await newDatabaseApart(pgliteDir, options.migrate !== false);
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir, {
        ...PGLITE_OPTIONS,
        ...(options.pgliteSnapshot && !existsSync(join(options.pgliteDir, 'PG_VERSION'))
          ? { loadDataDir: options.pgliteSnapshot }
          : {}),
      })
    : new PGlite({ ...PGLITE_OPTIONS, loadDataDir: options.pgliteSnapshot });
  await client.waitReady;
  // Repeated queries as named statements (pglite-statements.ts), under the parser step above them.
  reuseStatements(client);
  parseOnTheInstance(client);
  const pg = drizzlePglite(client, { schema });
  if (options.migrate !== false) await migratePglite(pg, { migrationsFolder: MIGRATIONS_DIR });
  // PGlite unpacks a new database's files with mode 0666 and rewrites its catalogue caches
  // (pg_internal.init) 0644 on every start, whatever the umask: narrowed here, and again on closing
  // for what it wrote meanwhile (security/file-modes.ts).
  const privateFiles = async () => {
    if (pgliteDir) await makePrivate(pgliteDir);
  };
  await privateFiles();
  const db = pg as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
    // One process owns an embedded database, and it has one session: any lock is this process's.
    sessionLocks: {
      async tryLock(space, key) {
        const result = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1::int, $2::int) as locked',
          [space, key],
        );
        return result.rows[0]?.locked === true;
      },
      async unlock(space, key) {
        await client.query('select pg_advisory_unlock($1::int, $2::int)', [space, key]);
      },
    },
    migrate: async (folder = MIGRATIONS_DIR) => {
      await migratePglite(pg, { migrationsFolder: folder });
      await privateFiles();
    },
    close: async () => {
      await client.close();
      await privateFiles();
    },
  };
}
