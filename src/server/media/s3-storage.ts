import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import {
  contentTypeOf,
  IMMUTABLE_CACHE_CONTROL,
  isValidKey,
  MissingFileError,
  type Storage,
  type StoredObject,
} from './storage-interface';

/** Bodies above this go up in parts of this size (S3 wants parts of at least 5 MiB). */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

export interface S3StorageOptions {
  /** Keys per ListObjectsV2 page (S3's own maximum by default; tests page with fewer). */
  listPageSize?: number;
}

/** The store answered that the object is not there (404), as opposed to not answering at all. */
function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Passes on `length` bytes after skipping `skip`, and drops the rest: a store that ignores a Range
 * (or answers a wider one) still gives the route exactly the bytes its Content-Length announces.
 */
function slice(skip: number, length: number): Transform {
  let toSkip = skip;
  let left = length;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.min(toSkip, chunk.length);
      toSkip -= from;
      const part = chunk.subarray(from, from + left);
      left -= part.length;
      done(null, part.length > 0 ? part : undefined);
    },
  });
}

/** Where the bytes of a GetObject answer start: its Content-Range, or 0 for a whole object. */
function servedFrom(contentRange: string | undefined): number {
  const match = contentRange ? /^bytes (\d+)-/.exec(contentRange) : null;
  return match ? Number(match[1]) : 0;
}

/**
 * Media in an S3-compatible bucket, with the same keys as the local folder. Objects are written
 * whole (PutObject, or a multipart upload for large originals), so a reader never sees half of
 * one and no temporary names are needed; the file journal (file-journal.ts) still names every
 * object no row references. The AWS SDK is loaded here, on first use of S3, not at every start.
 */
export async function createS3Storage(config: S3Config, options: S3StorageOptions = {}): Promise<Storage> {
  const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client: S3Client = new sdk.S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A store that does not answer fails the request in seconds (the route answers 503) instead
    // of holding it; an idle socket is given up after two minutes.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 120_000 },
  });
  const Bucket = config.bucket;
  const checked = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };

  /** The object's bytes as a stream returned at once; the GET is sent now, its errors come as 'error'. */
  function read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const abort = new AbortController();
    const stopEarly = () => abort.abort();
    out.once('close', stopEarly);
    client
      .send(
        new sdk.GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
        { abortSignal: abort.signal },
      )
      .then(
        (answer) => {
          out.off('close', stopEarly);
          const body = answer.Body as Readable;
          if (out.destroyed) {
            body.destroy();
            return;
          }
          const from = servedFrom(answer.ContentRange);
          if (!range || answer.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
            pipeline(body, out, () => {});
          } else if (from <= range.start) {
            pipeline(body, slice(range.start - from, range.end - range.start + 1), out, () => {});
          } else {
            body.destroy();
            out.destroy(new Error(`The store answered bytes from ${from} for a range from ${range.start}`));
          }
        },
        (error: unknown) => {
          out.off('close', stopEarly);
          out.destroy(isNotFound(error) ? new MissingFileError(key) : (error as Error));
        },
      );
    return out;
  }

  async function* list(prefix = ''): AsyncGenerator<StoredObject> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(options.listPageSize ? { MaxKeys: options.listPageSize } : {}),
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && isValidKey(object.Key)) {
          yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    location: `s3://${Bucket}`,
    async put(key, data) {
      const params = {
        Bucket,
        Key: checked(key),
        Body: data,
        ContentType: contentTypeOf(key) ?? 'application/octet-stream',
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      };
      if (data.length <= MULTIPART_PART_BYTES) {
        await client.send(new sdk.PutObjectCommand({ ...params, ContentLength: data.length }));
        return;
      }
      await new Upload({
        client,
        params,
        partSize: MULTIPART_PART_BYTES,
        queueSize: 4,
        leavePartsOnError: false,
      }).done();
    },
    async remove(key) {
      // Removing an object that is not there succeeds, as removing a missing file does.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async open(key) {
      if (!isValidKey(key)) return undefined;
      let head;
      try {
        head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
      return {
        size: head.ContentLength ?? 0,
        ...(head.ETag ? { etag: head.ETag } : {}),
        ...(head.LastModified ? { lastModified: head.LastModified } : {}),
        stream: (range) => read(key, range),
      };
    },
    list,
  };
}
