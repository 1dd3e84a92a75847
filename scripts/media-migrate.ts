// `npm run media:migrate -- --to s3|local`: copies every media file from DATA_DIR/media to the
// bucket named by S3_BUCKET (--to s3), or from the bucket to DATA_DIR/media (--to local). Files
// already there with the same size are skipped, so it can be run again after an interruption;
// the source is never changed. Stored addresses are /media/<key> whichever store serves them, so
// no row needs rewriting: switch the server's S3_BUCKET setting when the copy is complete.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../src/server/config';
import { createS3Storage } from '../src/server/media/s3-storage';
import { createLocalStorage, type Storage } from '../src/server/media/storage';
import { usePrivateFileModes } from '../src/server/security/file-modes';

/** Files copied at once. */
const CONCURRENCY = 4;

export interface MigrateResult {
  copied: number;
  /** Already in the destination with the same size. */
  skipped: number;
  failed: { key: string; error: string }[];
}

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const file = await storage.open(key);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Copies every file of `from` that `to` lacks (or has with another size). Never removes anything. */
export async function migrateMedia(
  from: Storage,
  to: Storage,
  onCopy: (key: string) => void = () => {},
): Promise<MigrateResult> {
  const present = new Map<string, number>();
  for await (const file of to.list()) present.set(file.key, file.size);

  const result: MigrateResult = { copied: 0, skipped: 0, failed: [] };
  const running = new Set<Promise<void>>();
  const copy = async (key: string) => {
    try {
      const data = await readAll(from, key);
      if (!data) return; // removed since it was listed
      await to.put(key, data);
      result.copied++;
      onCopy(key);
    } catch (error) {
      result.failed.push({ key, error: (error as Error).message });
    }
  };

  for await (const file of from.list()) {
    // A local file still being written (write-then-rename) is not a stored file yet.
    if (file.key.endsWith('.tmp')) continue;
    if (present.get(file.key) === file.size) {
      result.skipped++;
      continue;
    }
    const job = copy(file.key).finally(() => running.delete(job));
    running.add(job);
    if (running.size >= CONCURRENCY) await Promise.race(running);
  }
  await Promise.all(running);
  return result;
}

const USAGE = 'usage: npm run media:migrate -- --to s3|local';

async function main() {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ options: { to: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (to !== 's3' && to !== 'local') {
    console.error(`--to must be s3 or local\n${USAGE}`);
    process.exit(2);
  }
  const config = loadConfigOrExit();
  if (!config.s3) {
    console.error('S3_BUCKET is not set: name the bucket (and its AWS_* settings) as for the server');
    process.exit(2);
  }
  const local = createLocalStorage(join(config.dataDir, 'media'));
  const bucket = await createS3Storage(config.s3);
  const [from, destination] = to === 's3' ? [local, bucket] : [bucket, local];
  const result = await migrateMedia(from, destination, (key) => console.log(`copied ${key}`));
  for (const { key, error } of result.failed) console.error(`failed ${key}: ${error}`);
  console.log(
    `media:migrate ${from.location} -> ${destination.location}: copied ${result.copied}, ` +
      `already there ${result.skipped}, failed ${result.failed.length}`,
  );
  if (result.failed.length > 0) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The site's files it writes are this user's alone (docs/security.md, "Files on disk").
  usePrivateFileModes();
  try {
    await main();
  } catch (error) {
    console.error(`media:migrate failed: ${(error as Error).message}`);
    process.exit(1);
  }
}
