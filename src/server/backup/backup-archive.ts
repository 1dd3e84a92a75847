import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { DatabaseHandle } from '../db/client';
import { keyFromUrl, type Storage } from '../media/storage';
import { LANGUAGE_CODES } from '../../shared/languages';
import { imageFamilyKeys, imageIdOf, MEDIA_FOLDERS } from '../../shared/media-names';
import {
  archiveFileName,
  currentProductVersion,
  FORMAT_NAME,
  FORMAT_VERSION,
  IDENTITY_ENTRY,
  MANIFEST_CHECKSUM_ENTRY,
  MANIFEST_ENTRY,
  MEDIA_FOLDER,
  tableEntry,
  type ArchiveIdentity,
  type Manifest,
  type MediaRecord,
} from './archive-format';
import { takeSnapshot } from './snapshot';
import { BLOCK, headerBlock, paddingOf } from './tar-format';

export interface BackupArchive {
  /** e.g. travel-places-backup-2026-11-27T10-30-00Z.tar */
  fileName: string;
  /** About how many bytes the archive will be (tables and media known, manifest estimated). */
  estimatedBytes: number;
  /** How long the database was held for the snapshot, in milliseconds. */
  snapshotMs: number;
  /** The archive's bytes; its temporary files go when it ends or is destroyed. */
  stream: Readable;
  /** Once the stream has ended: what it held. */
  manifest(): Manifest | undefined;
}

export interface BackupSource {
  database: DatabaseHandle;
  storage: Storage;
  /** 'local' or 's3': recorded in the manifest. */
  mediaKind: 'local' | 's3';
  now?: () => Date;
}

/** The storage keys of every file of every image the addresses name (all sizes and the original). */
function wantedKeys(urls: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = keyFromUrl(url);
    if (!key) continue;
    keys.add(key);
    const id = imageIdOf(url);
    if (id) for (const member of imageFamilyKeys(id)) keys.add(member);
  }
  return keys;
}

/** The stored files among `wanted`, listed from the store (one listing instead of a request per key). */
async function storedFiles(storage: Storage, wanted: Set<string>): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const prefix of MEDIA_FOLDERS) {
    for await (const object of storage.list(prefix)) if (wanted.has(object.key)) found.set(object.key, object.size);
  }
  return found;
}

const entry = (path: string, size: number, at: Date) => headerBlock(path, size, at);
const padding = (size: number) => Buffer.alloc(paddingOf(size));

/**
 * Takes a backup: the database snapshot first (one short transaction), then a stream of the
 * archive read from the snapshot's files and the media store. Memory stays bounded whatever the
 * size of the site: rows go through files, media files through streams.
 */
export async function createBackupArchive(source: BackupSource): Promise<BackupArchive> {
  const createdAt = (source.now ?? (() => new Date()))();
  const dir = await mkdtemp(join(tmpdir(), 'tp-backup-'));
  try {
    const snapshot = await takeSnapshot(source.database, dir);
    const wanted = wantedKeys(snapshot.mediaUrls);
    const found = await storedFiles(source.storage, wanted);
    const keys = [...found.keys()].sort();
    const missingMedia = snapshot.mediaUrls.filter((url) => {
      const key = keyFromUrl(url);
      return key !== undefined && !found.has(key);
    });
    const identity: ArchiveIdentity = {
      format: FORMAT_NAME,
      formatVersion: FORMAT_VERSION,
      productVersion: currentProductVersion(),
      createdAt: createdAt.toISOString(),
    };
    const pages = [
      ...LANGUAGE_CODES.flatMap((lang) => [`/${lang}/home`, `/${lang}/countries`]),
      ...snapshot.slugs.flatMap((slug) => LANGUAGE_CODES.map((lang) => `/${lang}/${slug}`)),
    ];
    const blocks = (size: number) => BLOCK + size + paddingOf(size);
    const estimatedBytes =
      snapshot.tables.reduce((sum, table) => sum + blocks(table.size), 0) +
      keys.reduce((sum, key) => sum + blocks(found.get(key)!), 0) +
      blocks(1_000 + keys.length * 130 + pages.length * 40) +
      4 * BLOCK;
    let finished: Manifest | undefined;

    async function* archive(): AsyncGenerator<Buffer> {
      try {
        const identityBytes = Buffer.from(`${JSON.stringify(identity, null, 2)}\n`);
        yield entry(IDENTITY_ENTRY, identityBytes.length, createdAt);
        yield Buffer.concat([identityBytes, padding(identityBytes.length)]);
        for (const table of snapshot.tables) {
          yield entry(tableEntry(table.name), table.size, createdAt);
          yield* createReadStream(table.path) as AsyncIterable<Buffer>;
          yield padding(table.size);
        }
        const media: MediaRecord[] = [];
        for (const key of keys) {
          const file = await source.storage.open(key);
          if (!file) throw new Error(`The media file ${key} went away while the backup was being taken.`);
          yield entry(`${MEDIA_FOLDER}${key}`, file.size, file.lastModified ?? createdAt);
          const hash = createHash('sha256');
          let size = 0;
          for await (const chunk of file.stream() as AsyncIterable<Buffer>) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
          if (size !== file.size) throw new Error(`The media file ${key} changed while the backup was being taken.`);
          yield padding(size);
          media.push({ key, size, sha256: hash.digest('hex') });
        }
        const manifest: Manifest = {
          ...identity,
          source: { database: source.database.kind, media: source.mediaKind },
          migrations: snapshot.migrations,
          tables: snapshot.tables.map(({ name, rows, size, sha256 }) => ({ name, rows, size, sha256 })),
          sequences: snapshot.sequences,
          media,
          missingMedia,
          pages,
        };
        const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
        yield entry(MANIFEST_ENTRY, manifestBytes.length, createdAt);
        yield Buffer.concat([manifestBytes, padding(manifestBytes.length)]);
        const checksum = Buffer.from(
          `${createHash('sha256').update(manifestBytes).digest('hex')}  ${MANIFEST_ENTRY}\n`,
        );
        yield entry(MANIFEST_CHECKSUM_ENTRY, checksum.length, createdAt);
        yield Buffer.concat([checksum, padding(checksum.length), Buffer.alloc(2 * BLOCK)]);
        finished = manifest;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }

    const stream = Readable.from(archive(), { objectMode: false, highWaterMark: 256 * 1024 });
    // A stream destroyed before its first read never starts the generator, whose `finally` cleans up.
    stream.once('close', () => void rm(dir, { recursive: true, force: true }));
    return {
      fileName: archiveFileName(createdAt),
      estimatedBytes,
      snapshotMs: snapshot.transactionMs,
      stream,
      manifest: () => finished,
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
