import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/client';
import {
  listBackupTables,
  publicSlugs,
  readAppliedMigrations,
  readSequences,
  readTableRows,
  referencedMediaUrls,
} from '../db/repos/backup-repo';
import type { MigrationLevel, TableRecord } from './archive-format';
import { migrationLevelOf } from './migration-level';

/** Rows fetched from the cursor at once. */
const FETCH_ROWS = 2_000;

export interface SnapshotTable extends TableRecord {
  /** The gzipped JSON lines in the snapshot's folder. */
  path: string;
}

/** The database as of one moment, written to a temporary folder; media are read afterwards. */
export interface DatabaseSnapshot {
  tables: SnapshotTable[];
  sequences: Record<string, number | null>;
  migrations: MigrationLevel;
  /** Every media address the rows hold. */
  mediaUrls: string[];
  /** The slugs of the public pages (countries, cities, places). */
  slugs: string[];
  /** How long the database transaction lasted, in milliseconds. */
  transactionMs: number;
}

/** Counts and hashes what passes through. */
function meter() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Reads every table of the site in one read-only REPEATABLE READ transaction, then gzips each
 * table's rows into its own file under `dir`. On embedded PGlite a transaction holds the one
 * connection, so every other query of the server waits for it: inside it the rows only go, as
 * they come, into one plain file (bounded memory, no per-table work); compressing and hashing
 * happen after the commit, and the archive is streamed from the files afterwards. On PostgreSQL
 * the transaction has its own connection and blocks nobody.
 */
export async function takeSnapshot(database: DatabaseHandle, dir: string): Promise<DatabaseSnapshot> {
  // The schema changes only by migrations at start: the list may be read before the snapshot.
  const backupTables = await listBackupTables(database.db);
  const rowsPath = join(dir, 'rows.jsonl');
  const out = createWriteStream(rowsPath);
  const closed = once(out, 'close');
  let written = 0;
  const write = async (text: string) => {
    const bytes = Buffer.from(text);
    written += bytes.length;
    if (!out.write(bytes)) await Promise.race([once(out, 'drain'), closed]);
  };
  const startedAt = performance.now();
  const ranges: { name: string; rows: number; start: number; end: number }[] = [];
  const snapshot = await database.db.transaction(
    async (tx) => {
      for (const table of backupTables) {
        const start = written;
        let rows = 0;
        await readTableRows(tx, table, FETCH_ROWS, async (lines) => {
          rows += lines.length;
          await write(`${lines.join('\n')}\n`);
        });
        ranges.push({ name: table.name, rows, start, end: written });
      }
      return {
        sequences: await readSequences(tx),
        applied: await readAppliedMigrations(tx),
        mediaUrls: await referencedMediaUrls(tx),
        slugs: await publicSlugs(tx),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const transactionMs = performance.now() - startedAt;
  out.end();
  await closed;

  const tables: SnapshotTable[] = [];
  for (const range of ranges) {
    const path = join(dir, `${range.name}.jsonl.gz`);
    const measured = meter();
    await pipeline(
      range.end > range.start
        ? createReadStream(rowsPath, { start: range.start, end: range.end - 1 })
        : (async function* () {})(),
      createGzip({ level: 6 }),
      measured.stream,
      createWriteStream(path),
    );
    tables.push({ name: range.name, rows: range.rows, path, ...measured.result() });
  }
  const { applied, ...rest } = snapshot;
  return { ...rest, tables, migrations: await migrationLevelOf(applied), transactionMs };
}
