import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupConfig } from '../config';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../security/file-modes';
import { ARCHIVE_NAME } from './archive-format';

/** Where scheduled backups go: a folder or a key prefix in a bucket. */
export interface BackupTarget {
  /** For people: the folder or s3://bucket/prefix/. */
  readonly location: string;
  /** Writes a whole archive under `name` (a reader never sees half of one); answers its size. */
  write(name: string, archive: Readable): Promise<number>;
  /** The archives there, by name. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

function folderTarget(dir: string): BackupTarget {
  return {
    location: dir,
    async write(name, archive) {
      // An archive holds drafts, trash and revisions: this user's alone (docs/security.md).
      await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      const partial = join(dir, `${name}.partial`);
      try {
        await pipeline(archive, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }));
        await rename(partial, join(dir, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return (await stat(join(dir, name))).size;
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      return names.filter((name) => ARCHIVE_NAME.test(name));
    },
    remove: (name) => rm(join(dir, name), { force: true }),
  };
}

/** A bucket prefix; the AWS SDK is loaded on first use, as for media (media/s3-storage.ts). */
async function s3Target(config: Extract<BackupConfig['target'], { kind: 's3' }>): Promise<BackupTarget> {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const { s3, prefix } = config;
  const client = new sdk.S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
  return {
    location: `s3://${s3.bucket}/${prefix}`,
    async write(name, archive) {
      let bytes = 0;
      archive.on('data', (chunk: Buffer) => (bytes += chunk.length));
      // A multipart upload: the object appears only once every part is there.
      await new Upload({
        client,
        params: { Bucket: s3.bucket, Key: `${prefix}${name}`, Body: archive, ContentType: 'application/x-tar' },
      }).done();
      return bytes;
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length) ?? '';
          if (ARCHIVE_NAME.test(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(name) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}${name}` }));
    },
  };
}

export function openBackupTarget(config: BackupConfig): Promise<BackupTarget> {
  return config.target.kind === 'folder' ? Promise.resolve(folderTarget(config.target.dir)) : s3Target(config.target);
}
