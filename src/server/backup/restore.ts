import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { AppConfig } from '../config';
import { openDatabase, type Tx } from '../db/client';
import {
  deleteAllRows,
  insertJsonRows,
  isEmptyDatabase,
  listBackupTables,
  setSequence,
  setTableTriggers,
  type BackupTable,
} from '../db/repos/backup-repo';
import { createStorage, type Storage } from '../media/storage';
import { MEDIA_FOLDERS } from '../../shared/media-names';
import { MEDIA_FOLDER, tableEntry } from './archive-format';
import { ArchiveRefusedError, type CheckedArchive } from './archive-check';
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
async function insertTable(archive: CheckedArchive, table: BackupTable, tx: Tx): Promise<number> {
  const entry = archive.entries.get(tableEntry(table.name))!;
  let rows = 0;
  if (entry.size === 0) return rows;
  const lines = createInterface({
    input: createReadStream(archive.path, { start: entry.offset, end: entry.offset + entry.size - 1 }).pipe(
      createGunzip(),
    ),
    crlfDelay: Infinity,
  });
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertJsonRows(tx, table, `[${batch.join(',')}]`);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return rows;
}

/**
 * Restores a checked archive into an empty target: refuses a database or media store that holds
 * anything (changing nothing), then builds the schema at the archive's migration level, inserts
 * every row as it was (the tables' own triggers off, so search documents, change log and
 * timestamps are the archive's, not rewritten), sets the sequences, writes the media, and applies
 * the migrations this code has beyond the archive's.
 */
export async function restoreArchive(
  archive: CheckedArchive,
  target: RestoreTarget,
  say: (line: string) => void = () => {},
): Promise<{ rows: number; mediaFiles: number }> {
  const { manifest } = archive;
  const where = describeTarget(target);
  const refuse = (what: string) =>
    new ArchiveRefusedError(
      `${what} Nothing was changed. Restore into an empty place: a new DATA_DIR, or a new empty database (and bucket).`,
    );

  const storage = await createStorage(target);
  if (!(await storeIsEmpty(storage))) throw refuse(`The media store ${where.media} already holds files.`);
  if (!target.databaseUrl && !(await folderIsEmpty(join(target.dataDir, 'db')))) {
    throw refuse(`${where.database} already holds a database.`);
  }
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgliteDir: join(target.dataDir, 'db'),
    migrate: false,
  });
  let written = false;
  const migrations = await mkdtemp(join(tmpdir(), 'tp-restore-migrations-'));
  try {
    if (!(await isEmptyDatabase(database.db))) {
      throw refuse(`${where.database} already holds tables.`);
    }
    written = true;
    say(`Creating the database schema at migration ${manifest.migrations.tag}`);
    await database.migrate(await migrationsUpTo(manifest.migrations, migrations));

    let rows = 0;
    await database.db.transaction(async (tx) => {
      const inOrder = await listBackupTables(tx);
      const tables = new Map(inOrder.map((table) => [table.name, table]));
      // The rows migrations wrote (the content version's one row) give way to the archive's.
      for (const table of inOrder) await setTableTriggers(tx, table.name, false);
      for (const table of [...inOrder].reverse()) await deleteAllRows(tx, table.name);
      for (const record of manifest.tables) {
        const table = tables.get(record.name);
        if (!table) throw new Error(`the table ${record.name} does not exist at migration ${manifest.migrations.tag}`);
        const inserted = await insertTable(archive, table, tx);
        if (inserted !== record.rows) {
          throw new Error(`${record.name} gave ${inserted} rows where the manifest says ${record.rows}`);
        }
        rows += inserted;
        say(`  ${record.name}: ${inserted} rows`);
      }
      for (const table of inOrder) await setTableTriggers(tx, table.name, true);
      for (const [name, last] of Object.entries(manifest.sequences)) await setSequence(tx, name, last);
    });

    say(`Writing ${manifest.media.length} media files to ${where.media}`);
    let done = 0;
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
      await storage.put(file.key, Buffer.concat(chunks));
      done++;
      if (done % 200 === 0) say(`  ${done} of ${manifest.media.length} media files`);
    }

    say('Applying the migrations of this version');
    await database.migrate();
    return { rows, mediaFiles: manifest.media.length };
  } catch (error) {
    if (!written || error instanceof ArchiveRefusedError) throw error;
    throw new RestoreFailedError(
      `The restore stopped: ${(error as Error).message}. ${where.database} and ${where.media} now hold part of the backup: empty them (a new DATA_DIR, or drop and create the database and empty the bucket) and run the restore again.`,
    );
  } finally {
    await database.close();
    await rm(migrations, { recursive: true, force: true });
  }
}
