import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { openDatabase } from '../db/client';
import { listBackupTables, readSequences, type BackupTable } from '../db/repos/backup-repo';
import { isValidKey } from '../media/storage';
import { MEDIA_FOLDERS } from '../../shared/media-names';
import { tableEntry, type MigrationLevel } from './archive-format';
import { ArchiveRefusedError, type ArchiveEntry, type CheckedArchive } from './archive-check';

/**
 * What a restore reads at most (docs/deploy.md, "Backups"): far above what any site holds, low
 * enough that a hostile archive cannot fill the memory or keep the machine busy for long.
 */
export interface RestoreLimits {
  /** One row: one line of a table's JSON lines. */
  lineBytes: number;
  /** The rows of all tables together, unpacked. */
  unpackedBytes: number;
  /** One table's gzipped rows as stored in the archive. */
  tableEntryBytes: number;
  /** One media file (the largest upload MAX_UPLOAD_MB allows is 500 MB). */
  mediaEntryBytes: number;
}

const MiB = 1024 * 1024;
export const RESTORE_LIMITS: RestoreLimits = {
  lineBytes: 16 * MiB,
  unpackedBytes: 8 * 1024 * MiB,
  tableEntryBytes: 1024 * MiB,
  mediaEntryBytes: 512 * MiB,
};

/** A size in words: "16 MB". */
const inMb = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MB`;

/** The schema the archive's rows were written in: its tables and sequences at its migration level. */
export interface ArchiveSchema {
  /** Parents before the tables that reference them: the order rows are inserted in. */
  tables: BackupTable[];
  sequences: string[];
}

const schemas = new Map<string, Promise<ArchiveSchema>>();

/**
 * The tables and sequences of the database at migration `level`, whose migrations are in
 * `migrationsFolder`: built once per level in memory (nothing on disk), a few seconds.
 */
export function schemaAt(level: MigrationLevel, migrationsFolder: string): Promise<ArchiveSchema> {
  const key = `${level.count}:${level.tag}:${level.when}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = schemaOf(migrationsFolder);
    schemas.set(key, schema);
    schema.catch(() => schemas.delete(key));
  }
  return schema;
}

async function schemaOf(migrationsFolder: string): Promise<ArchiveSchema> {
  const database = await openDatabase({ migrate: false });
  try {
    await database.migrate(migrationsFolder);
    return {
      tables: await listBackupTables(database.db),
      sequences: Object.keys(await readSequences(database.db)),
    };
  } finally {
    await database.close();
  }
}

/** Why an archive is refused by the checks of its contents: `what` names a part, never a row's contents. */
function refusal(archive: CheckedArchive, what: string): ArchiveRefusedError {
  return new ArchiveRefusedError(
    `${basename(archive.path)} cannot be restored: ${what}. Nothing was changed. Use another copy of this backup or another backup.`,
  );
}

/** The archive broke a limit of RestoreLimits while being read (a row too long, too much to unpack). */
class LimitError extends Error {
  constructor(readonly kind: 'line' | 'unpacked') {
    super(kind);
  }
}

/**
 * The rows of a table's gzipped JSON lines, one string each (empty lines left out), read with
 * bounded memory: a line longer than `limits.lineBytes`, or more than `budget.left` unpacked bytes,
 * stops the reading with a LimitError, a damaged gzip with its own error.
 */
export async function* tableRows(
  path: string,
  entry: ArchiveEntry,
  limits: Pick<RestoreLimits, 'lineBytes'>,
  budget: { left: number },
): AsyncGenerator<string> {
  if (entry.size === 0) return;
  const input = createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const tooLong = () => new LimitError('line');
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw new LimitError('unpacked');
      let start = 0;
      for (let end = chunk.indexOf(10, start); end >= 0; end = chunk.indexOf(10, start)) {
        const part = chunk.subarray(start, end);
        if (pendingBytes + part.length > limits.lineBytes) throw tooLong();
        const line = pendingBytes > 0 ? Buffer.concat([...pending, part]).toString('utf8') : part.toString('utf8');
        pending = [];
        pendingBytes = 0;
        if (line !== '') yield line;
        start = end + 1;
      }
      const rest = chunk.subarray(start);
      if (pendingBytes + rest.length > limits.lineBytes) throw tooLong();
      if (rest.length > 0) {
        pending.push(rest);
        pendingBytes += rest.length;
      }
    }
    if (pendingBytes > 0) yield Buffer.concat(pending).toString('utf8');
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

const isRow = (line: string) => {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

/**
 * Checks what a checked archive (archive-check.ts: every byte as written) says, before a restore
 * writes anything: every media key follows the storage's key rule and is in one of the media
 * folders, once; the tables and sequences are exactly those of the schema at the archive's
 * migration level; every media file and table is within the limits; and every table unpacks, within
 * the limits, to as many rows (JSON objects) as the manifest says. Throws ArchiveRefusedError with
 * one sentence that names the part, never its contents.
 */
export async function checkContents(
  archive: CheckedArchive,
  schema: ArchiveSchema,
  limits: RestoreLimits = RESTORE_LIMITS,
): Promise<void> {
  const { manifest } = archive;
  const refuse = (what: string) => refusal(archive, what);
  const keys = new Set<string>();
  for (const file of manifest.media) {
    if (!isValidKey(file.key) || !MEDIA_FOLDERS.some((folder) => file.key.startsWith(folder))) {
      throw refuse('it names a media file outside the media folders');
    }
    if (keys.has(file.key)) throw refuse(`it lists the media file ${file.key} twice`);
    keys.add(file.key);
    if (file.size > limits.mediaEntryBytes) {
      throw refuse(`the media file ${file.key} is larger than ${inMb(limits.mediaEntryBytes)}`);
    }
  }

  const level = manifest.migrations.tag;
  const expected = new Set(schema.tables.map((table) => table.name));
  const named = new Set<string>();
  for (const table of manifest.tables) {
    if (!expected.has(table.name))
      throw refuse(`it holds a table ${table.name}, which a backup at migration ${level} does not have`);
    if (named.has(table.name)) throw refuse(`it lists the table ${table.name} twice`);
    named.add(table.name);
    if (table.size > limits.tableEntryBytes) {
      throw refuse(`${tableEntry(table.name)} is larger than ${inMb(limits.tableEntryBytes)}`);
    }
  }
  for (const name of expected) if (!named.has(name)) throw refuse(`the table ${name} is missing`);
  const sequences = new Set(schema.sequences);
  for (const name of Object.keys(manifest.sequences)) {
    if (!sequences.has(name))
      throw refuse(`it sets a sequence ${name}, which the database at migration ${level} does not have`);
  }

  const budget = { left: limits.unpackedBytes };
  for (const table of manifest.tables) {
    const entryName = tableEntry(table.name);
    let rows = 0;
    try {
      for await (const line of tableRows(archive.path, archive.entries.get(entryName)!, limits, budget)) {
        rows++;
        if (!isRow(line)) throw refuse(`row ${rows} of ${entryName} is not a row of a table`);
      }
    } catch (error) {
      if (error instanceof ArchiveRefusedError) throw error;
      if (error instanceof LimitError) {
        throw refuse(
          error.kind === 'unpacked'
            ? `its tables unpack to more than ${inMb(limits.unpackedBytes)}`
            : `${entryName} holds a row longer than ${inMb(limits.lineBytes)}`,
        );
      }
      throw refuse(`${entryName} cannot be unpacked`);
    }
    if (rows !== table.rows) {
      throw refuse(`${entryName} holds ${rows} rows where its manifest says ${table.rows}`);
    }
  }
}
