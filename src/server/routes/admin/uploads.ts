import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/api/common';
import { uploadFields, uploadLimitsResponse, uploadResponse } from '@/shared/api/uploads';
import { BadRequestError } from '../../errors';
import { stripNul } from '@/shared/nul';
import { multipartReadError } from './multipart-errors';
import { perMinute } from '../rate-limit';

/** Fields parsed exactly as sent: a NUL in a coordinate or a town's name is a 400, not removed. */
const STRICT_FIELDS = new Set(['latitude', 'longitude', 'city', 'country']);

/**
 * POST /api/admin/upload: one photo per request (multipart: photo, description, exifData, and for a
 * photo without GPS optionally latitude and longitude set by hand, with the chosen town's city and
 * country; placeId to add it to that place's gallery, or newPlace 'true' to make a place of it even
 * near another).
 */
export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.maxUploadBytes;
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 256 * 1024, parts: 12 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/api/admin/upload/limits',
    { schema: { response: { 200: uploadLimitsResponse, 401: errorResponse } } },
    () => ({ maxUploadBytes: maxBytes }),
  );

  app.post(
    '/api/admin/upload',
    {
      // Generous for a folder of phone photos sent one by one; a runaway script is stopped.
      config: perMinute(600),
      schema: {
        response: { 200: uploadResponse, 422: uploadResponse, '4xx': errorResponse },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        throw new BadRequestError("Send the photo as multipart/form-data with a 'photo' file field.");
      }
      let bytes: Buffer | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'photo' || bytes) {
              await part.toBuffer();
              continue;
            }
            bytes = await part.toBuffer();
          } else if (typeof part.value === 'string') {
            // The global NUL guard does not see multipart parts. NUL (U+0000) cannot be stored by
            // PostgreSQL and means nothing in typed text, so it is removed from every text field
            // rather than refused: the story keeps the rest of its text (2xx). exifData is EXIF a
            // browser read from a camera file, where NUL padding is ordinary; after JSON.parse its
            // keys and strings (a "\u0000" escape) lose NUL too (toExifData), so it is never a 400.
            // Coordinates and the chosen town are parsed as sent, so a NUL in one is a 400.
            const name = stripNul(part.fieldname);
            fields[name] = STRICT_FIELDS.has(name) ? part.value : stripNul(part.value);
          }
        }
      } catch (error) {
        // A broken form (no boundary, truncated, unparsable parts) is the client's: 400 or 413, never 500.
        throw multipartReadError(error, maxBytes);
      }
      if (!bytes) throw new BadRequestError("No photo was sent: add the image as the 'photo' file field.");
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Invalid upload fields.');

      const { description, exifData, latitude, longitude, city, country, placeId, newPlace } = parsed.data;
      const outcome = await app.services.uploads.upload({
        bytes,
        description,
        exifDataText: exifData,
        // both or neither (checked by uploadFields); a town only with them
        location:
          latitude !== undefined && longitude !== undefined ? { latitude, longitude, city, country } : undefined,
        placeId,
        newPlace,
      });
      return reply.status(outcome.status).send(outcome.body);
    },
  );
};
