import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentTypeOf,
  IMMUTABLE_CACHE_CONTROL,
  isValidKey,
  MissingFileError,
  type ByteRange,
  type StoredFile,
} from '../media/storage';
import { DOWNLOAD_NAME, DOWNLOAD_NAME_MAX_LENGTH } from '../../shared/media';
import { isNotModified } from '../cache/conditional-get';

/** The answer to a Range header for a file of `size` bytes: a range, the whole file, or 416. */
type RangeAnswer = ByteRange | 'whole' | 'unsatisfiable';

/**
 * One byte range (RFC 9110 section 14): `bytes=a-b`, `bytes=a-` or `bytes=-n`. A header we do not
 * understand, or one asking for several ranges, is answered with the whole file, as the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header ? /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    // The last n bytes (all of them when n is larger than the file).
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // "a-b" with b before a is not a valid range: ignored, like any header we do not understand.
  if (last !== '' && Number(last) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

/** If-Range: the range applies only while the file is still the one the client has part of. */
function rangeStillValid(ifRange: string | string[] | undefined, file: StoredFile): boolean {
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  if (ifRange.startsWith('"')) return ifRange === file.etag;
  return (
    file.lastModified !== undefined && Date.parse(ifRange) === Math.floor(file.lastModified.getTime() / 1000) * 1000
  );
}

/** Waits for the first bytes (or the end), so a file that cannot be read is still answered with a status. */
async function opened(stream: Readable): Promise<void> {
  await Promise.race([once(stream, 'readable'), once(stream, 'end')]);
}

/**
 * Uploaded images, from whichever store holds them (media/storage.ts). Names are generated and
 * never reused, so they are cached for a year. With `?download=1` the file is sent as an
 * attachment (the gallery's full-resolution download), saved as `name` (e.g. `belem-tower-3`)
 * plus the file's extension when the link gives one. Single byte ranges are served (206), so
 * a large original can be resumed. With MEDIA_PUBLIC_URL, views are redirected to the bucket's
 * public address and only downloads pass through here.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.mediaPublicUrl;

  const unavailable = (reply: FastifyReply) =>
    reply.status(503).header('Retry-After', '5').header('Cache-Control', 'no-store').send({
      error: 'Media storage is not reachable right now. Please try again shortly.',
      code: 'storage_unavailable',
    });
  const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'File not found', code: 'not_found' });

  app.get(
    '/media/*',
    {
      schema: {
        querystring: z.object({
          download: z.string().optional(),
          // what the download is saved as, without the extension (downloadName in shared/media.ts)
          name: z
            .string()
            .max(DOWNLOAD_NAME_MAX_LENGTH, `The download name must be at most ${DOWNLOAD_NAME_MAX_LENGTH} characters.`)
            .regex(DOWNLOAD_NAME, 'The download name may only hold lowercase letters, digits and hyphens.')
            .optional(),
        }),
      },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const type = contentTypeOf(key);
      if (!type || !isValidKey(key)) return notFound(reply);
      const download = req.query.download !== undefined;
      if (publicUrl && !download) {
        // Not permanent: the public address may change; the /media/ address never does.
        return reply.header('Cache-Control', 'public, max-age=86400').redirect(`${publicUrl}/${key}`, 302);
      }

      let file: StoredFile | undefined;
      try {
        file = await app.storage.open(key);
      } catch (error) {
        req.log.error({ err: error, key }, 'media storage failed');
        return unavailable(reply);
      }
      if (!file) return notFound(reply);

      reply
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', IMMUTABLE_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (file.etag) reply.header('ETag', file.etag);
      if (file.lastModified) reply.header('Last-Modified', file.lastModified.toUTCString());
      if (isNotModified(req.headers, { etag: file.etag, lastModified: file.lastModified }))
        return reply.status(304).send();

      const answer = rangeStillValid(req.headers['if-range'], file)
        ? parseRange(req.headers.range, file.size)
        : 'whole';
      if (answer === 'unsatisfiable') {
        return reply
          .status(416)
          .header('Cache-Control', 'no-store')
          .header('Content-Range', `bytes */${file.size}`)
          .send({
            error: `The requested range is not within the file's ${file.size} bytes`,
            code: 'range_not_satisfiable',
          });
      }
      const range = answer === 'whole' ? undefined : answer;

      let body: Readable;
      if (req.method === 'HEAD') {
        // The headers are the answer; the store is not asked for the bytes.
        body = Readable.from([]);
      } else {
        body = file.stream(range);
        try {
          await opened(body);
        } catch (error) {
          body.destroy();
          reply.removeHeader('ETag').removeHeader('Last-Modified').removeHeader('Cache-Control');
          if (error instanceof MissingFileError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
            return notFound(reply);
          }
          req.log.error({ err: error, key }, 'media storage failed');
          return unavailable(reply);
        }
      }

      reply.header('Content-Type', type);
      if (range) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', String(range.end - range.start + 1));
      } else {
        reply.header('Content-Length', String(file.size));
      }
      if (download) {
        const stored = key.split('/').pop() ?? 'photo';
        const name = req.query.name
          ? `${req.query.name}${stored.slice(stored.lastIndexOf('.')).toLowerCase()}`
          : stored;
        reply.header('Content-Disposition', `attachment; filename="${name}"`);
      }
      return reply.send(body);
    },
  );
};
