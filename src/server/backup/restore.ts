import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, rmdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase, type Tx } from '../db/client';
import {
  deleteAllRows,
  forgetAdminPassword,
  insertJsonRows,
  isEmptyDatabase,
  listBackupTables,
  setSequence,
  setTableTriggers,
  type BackupTable,
} from '../db/repos/backup-repo';
import { createStorage, type Storage } from '../media/storage';
import { makePrivate } from '../security/file-modes';
import { MEDIA_FOLDERS } from '../../shared/media-names';
import { MEDIA_FOLDER, tableEntry } from './archive-format';
import { ArchiveRefusedError, type CheckedArchive } from './archive-check';
import { checkContents, RESTORE_LIMITS, schemaAt, tableRows, type RestoreLimits } from './archive-contents';
import { migrationsUpTo } from './migration-level';

/** Where a restore writes: the database and media store the configuration names. */
export type RestoreTarget = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>;

/** Rows inserted with one statement (fewer when they are long). */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

/** The restore stopped after it began writing; the message says what to clean up. */
export class RestoreFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreFailedError';
  }
}

/** Where the restore writes, in words for its messages. */
export function describeTarget(target: RestoreTarget): { database: string; media: string } {
  return {
    database: target.databaseUrl
      ? `the PostgreSQL database ${databaseName(target.databaseUrl)}`
      : `${join(target.dataDir, 'db')}`,
    media: target.s3 ? `the bucket ${target.s3.bucket}` : join(target.dataDir, 'media'),
  };
}

function databaseName(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname.replace(/^\//, '') || '(default)'} on ${parsed.host}`;
  } catch {
    return '(DATABASE_URL)';
  }
}

async function folderIsEmpty(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function storeIsEmpty(storage: Storage): Promise<boolean> {
  for (const prefix of MEDIA_FOLDERS) {
    for await (const _object of storage.list(prefix)) return false;
  }
  return true;
}

/** Inserts one table's rows from its gzipped JSON lines; answers how many. */
async function insertTable(
  archive: CheckedArchive,
  table: BackupTable,
  tx: Tx,
  limits: RestoreLimits,
): Promise<number> {
  const entry = archive.entries.get(tableEntry(table.name))!;
  let rows = 0;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertJsonRows(tx, table, `[${batch.join(',')}]`);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of tableRows(archive.path, entry, limits, { left: limits.unpackedBytes })) {
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return rows;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

/**
 * Removes what a failed restore wrote into DATA_DIR: the folder itself when the restore created
 * it, else the database folder (or its files, when it was there and empty) and the media folders
 * it left empty (their files were removed key by key).
 */
async function undoLocalWrites(dataDir: string, created: { dataDir: boolean; dbDir: boolean }): Promise<void> {
  if (created.dataDir) {
    await rm(dataDir, { recursive: true, force: true });
    return;
  }
  const dbDir = join(dataDir, 'db');
  if (created.dbDir) await rm(dbDir, { recursive: true, force: true });
  else for (const name of await readdir(dbDir)) await rm(join(dbDir, name), { recursive: true, force: true });
  for (const folder of [...MEDIA_FOLDERS, '']) await rmdir(join(dataDir, 'media', folder)).catch(() => undefined);
}

export interface RestoreOptions {
  /** What the restore reads at most (tests make them small). */
  limits?: RestoreLimits;
}

/**
 * Restores a checked archive into an empty target. Before writing anything it refuses a database or
 * media store that holds anything, and an archive whose contents do not hold together
 * (archive-contents.ts: media keys, tables and sequences of the schema at its migration level, row
 * counts, limits). Then it builds the schema at the archive's migration level, inserts every row
 * as it was (the tables' own triggers off, so search documents, change log and timestamps are the
 * archive's, not rewritten), leaves out the admin password (docs/decisions/025), sets the
 * sequences, writes the media (files 0600 in folders 0700), and applies the migrations this code
 * has beyond the archive's. Should it fail after all, what it wrote to an embedded database and
 * the media is removed again.
 */
export async function restoreArchive(
  archive: CheckedArchive,
  target: RestoreTarget,
  say: (line: string) => void = () => {},
  options: RestoreOptions = {},
): Promise<{ rows: number; mediaFiles: number }> {
  const { manifest } = archive;
  const where = describeTarget(target);
  const refuse = (what: string) =>
    new ArchiveRefusedError(
      `${what} Nothing was changed. Restore into an empty place: a new DATA_DIR, or a new empty database (and bucket).`,
    );

  const limits = options.limits ?? RESTORE_LIMITS;
  const storage = await createStorage(target);
  const dbDir = join(target.dataDir, 'db');
  if (!(await storeIsEmpty(storage))) throw refuse(`The media store ${where.media} already holds files.`);
  if (!target.databaseUrl && !(await folderIsEmpty(dbDir))) throw refuse(`${where.database} already holds a database.`);
  const migrations = await mkdtemp(join(tmpdir(), 'tp-restore-migrations-'));
  try {
    const folder = await migrationsUpTo(manifest.migrations, migrations);
    say('Checking the rows and media files against the schema of the backup');
    const schema = await schemaAt(manifest.migrations, folder);
    await checkContents(archive, schema, limits);

    // Nothing was written before this point.
    const created = { dataDir: !(await exists(target.dataDir)), dbDir: !(await exists(dbDir)) };
    const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: dbDir, migrate: false });
    const writtenKeys: string[] = [];
    let written = false;
    let failure: unknown;
    let rows = 0;
    try {
      if (!(await isEmptyDatabase(database.db))) throw refuse(`${where.database} already holds tables.`);
      written = true;
      say(`Creating the database schema at migration ${manifest.migrations.tag}`);
      await database.migrate(folder);
      const records = new Map(manifest.tables.map((record) => [record.name, record]));
      await database.db.transaction(async (tx) => {
        const inOrder = await listBackupTables(tx);
        // The rows migrations wrote (the content version's one row) give way to the archive's.
        for (const table of inOrder) await setTableTriggers(tx, table.name, false);
        for (const table of [...inOrder].reverse()) await deleteAllRows(tx, table.name);
        for (const table of inOrder) {
          const record = records.get(table.name)!;
          // A database's own message may quote a value of the row: only the table is named.
          const inserted = await insertTable(archive, table, tx, limits).catch(() => {
            throw new Error(`the rows of ${record.name} do not fit its table`);
          });
          if (inserted !== record.rows) throw new Error(`${archive.path} changed while it was being restored`);
          rows += inserted;
          say(`  ${record.name}: ${inserted} rows`);
        }
        await forgetAdminPassword(tx);
        for (const table of inOrder) await setTableTriggers(tx, table.name, true);
        for (const [name, last] of Object.entries(manifest.sequences)) await setSequence(tx, name, last);
      });

      say(`Writing ${manifest.media.length} media files to ${where.media}`);
      for (const file of manifest.media) {
        const entry = archive.entries.get(`${MEDIA_FOLDER}${file.key}`)!;
        const chunks: Buffer[] = [];
        const hash = createHash('sha256');
        if (entry.size > 0) {
          for await (const chunk of createReadStream(archive.path, {
            start: entry.offset,
            end: entry.offset + entry.size - 1,
          }) as AsyncIterable<Buffer>) {
            hash.update(chunk);
            chunks.push(chunk);
          }
        }
        if (hash.digest('hex') !== file.sha256) throw new Error(`${archive.path} changed while it was being restored`);
        writtenKeys.push(file.key);
        await storage.put(file.key, Buffer.concat(chunks));
        if (writtenKeys.length % 200 === 0) say(`  ${writtenKeys.length} of ${manifest.media.length} media files`);
      }

      say('Applying the migrations of this version');
      await database.migrate();
    } catch (error) {
      failure = error;
    } finally {
      await database.close();
    }
    if (failure === undefined) {
      // The database's and the media's files are this user's alone, as at a start (security/file-modes.ts).
      await makePrivate(target.dataDir);
      return { rows, mediaFiles: manifest.media.length };
    }
    if (!written || failure instanceof ArchiveRefusedError) throw failure;
    const reason = (failure as Error).message.replace(/\.$/, '');
    for (const key of writtenKeys) await storage.remove(key).catch(() => undefined);
    if (!target.databaseUrl) {
      await undoLocalWrites(target.dataDir, created);
      throw new RestoreFailedError(
        `The restore stopped: ${reason}. What it had written was removed again, so nothing was changed. Use another copy of this backup or another backup.`,
      );
    }
    throw new RestoreFailedError(
      `The restore stopped: ${reason}. ${where.database} now holds part of the backup (the media it wrote were removed again): drop and create the database and run the restore again.`,
    );
  } finally {
    await rm(migrations, { recursive: true, force: true });
  }
}
