// `npm run media:sweep [-- --dry-run] [-- --grace-minutes N]`: removes stored media files (local
// folder or bucket, as the server is configured) that no row references and that are older than
// the grace period (default 60 minutes), and prints each one. Younger files may belong to an
// upload still in progress; the file journal (docs/security.md, "Files and crashes") settles those.
// With the embedded database (no DATABASE_URL), stop the server first: one process owns DATA_DIR/db.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { createStorage, type Storage } from '../src/server/media/storage';
import { MEDIA_FOLDERS, urlForKey } from '../src/shared/media-names';
import { unusedKeys } from '../src/server/services/media-files';
import { usePrivateFileModes } from '../src/server/security/file-modes';

/** Keys asked about in one database round trip. */
const BATCH = 500;

export interface SweepOptions {
  db: Database;
  storage: Storage;
  /** Files modified within this long before `now` are kept whatever the rows say. */
  graceMs: number;
  dryRun: boolean;
  now?: Date;
  /** Told each key as it is removed (or would be, in a dry run). */
  onRemove?: (key: string) => void;
}

export interface SweepResult {
  removed: string[];
  /** Old enough, but a row still shows the image. */
  referenced: number;
  /** Within the grace period. */
  young: number;
}

/** Removes every stored image file older than the grace period that no row references. */
export async function sweepMedia(options: SweepOptions): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - options.graceMs;
  const result: SweepResult = { removed: [], referenced: 0, young: 0 };
  let batch: string[] = [];

  const settle = async () => {
    // unusedKeys answers whole images (every size and the original) nobody uses; only the listed
    // old files among them go, so a younger size of the same image is never touched.
    const unused = new Set(await unusedKeys(options.db, batch.map(urlForKey)));
    for (const key of batch) {
      if (!unused.has(key)) {
        result.referenced++;
        continue;
      }
      if (!options.dryRun) await options.storage.remove(key);
      result.removed.push(key);
      options.onRemove?.(key);
    }
    batch = [];
  };

  for (const prefix of MEDIA_FOLDERS) {
    for await (const file of options.storage.list(prefix)) {
      if (file.lastModified.getTime() > cutoff) {
        result.young++;
        continue;
      }
      batch.push(file.key);
      if (batch.length >= BATCH) await settle();
    }
  }
  if (batch.length > 0) await settle();
  return result;
}

const USAGE = 'usage: npm run media:sweep -- [--dry-run] [--grace-minutes N]';

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { 'dry-run': { type: 'boolean', default: false }, 'grace-minutes': { type: 'string', default: '60' } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const graceMinutes = Number(values['grace-minutes']);
  if (!/^\d+(\.\d+)?$/.test(values['grace-minutes']) || !Number.isFinite(graceMinutes)) {
    console.error(`--grace-minutes must be a number of minutes (0 or more)\n${USAGE}`);
    process.exit(2);
  }
  const dryRun = values['dry-run'];
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'db') });
  try {
    const storage = await createStorage(config);
    const result = await sweepMedia({
      db: database.db,
      storage,
      graceMs: graceMinutes * 60_000,
      dryRun,
      onRemove: (key) => console.log(`${dryRun ? 'would remove' : 'removed'} ${key}`),
    });
    console.log(
      `media:sweep ${storage.location}: ${dryRun ? 'would remove' : 'removed'} ${result.removed.length} ` +
        `unreferenced file(s) older than ${graceMinutes} minutes; kept ${result.referenced} referenced ` +
        `and ${result.young} younger`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The site's files it writes are this user's alone (docs/security.md, "Files on disk").
  usePrivateFileModes();
  try {
    await main();
  } catch (error) {
    console.error(`media:sweep failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
