import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { galleryList, galleryUploadResponse, successMessage } from '@/shared/api/admin-places';
import { errorResponse, idParams, itemErrorResponses } from '@/shared/api/common';
import { galleryOrderBody, galleryTextBody } from '@/shared/api/gallery';
import { contentParams, contentSaved } from '@/shared/api/written-text';
import { BadRequestError } from '../../errors';
import { multipartReadError } from './multipart-errors';
import { perMinute } from '../rate-limit';

/** Gallery of a place (docs/product.md §2.5.4, §7.3.4). Registered inside the session-guarded admin scope. */
export const adminGalleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gallery } = app.services;
  const maxBytes = app.config.maxUploadBytes;
  // The photo upload may have registered multipart already; limits are set per request below anyway.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  }

  app.get(
    '/api/admin/places/:id/gallery',
    { schema: { params: idParams, response: { 200: galleryList, ...itemErrorResponses } } },
    async (req) => {
      return gallery.list(req.params.id);
    },
  );

  app.post(
    '/api/admin/places/:id/gallery',
    {
      schema: {
        params: idParams,
        response: { 201: galleryUploadResponse, ...itemErrorResponses, 413: errorResponse, 415: errorResponse },
      },
      // image processing is the costliest thing an admin can repeat; same cap as photo uploads
      config: perMinute(600),
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new BadRequestError('Send the image as multipart/form-data in the field "image".');
      let bytes: Buffer;
      try {
        const file = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
        if (!file || file.fieldname !== 'image') {
          throw new BadRequestError('Choose an image to upload (multipart field "image").');
        }
        // toBuffer() raises FST_REQ_FILE_TOO_LARGE (413) when the file is over the limit.
        bytes = await file.toBuffer();
      } catch (error) {
        // A broken form (no boundary, truncated, unparsable parts) is the client's: 400 or 413, never 500.
        throw multipartReadError(error, maxBytes);
      }
      return reply.status(201).send(await gallery.add(req.params.id, bytes));
    },
  );

  app.put(
    '/api/admin/places/:id/gallery/order',
    { schema: { params: idParams, body: galleryOrderBody, response: { 200: successMessage, ...itemErrorResponses } } },
    (req) => gallery.reorder(req.params.id, req.body.ids),
  );

  app.put(
    '/api/admin/gallery/:id/texts/:lang',
    {
      schema: {
        params: contentParams,
        body: galleryTextBody,
        response: { 200: contentSaved, ...itemErrorResponses },
      },
    },
    (req) => gallery.saveTexts(req.params.id, req.params.lang, req.body),
  );

  app.delete(
    '/api/admin/gallery/:id',
    { schema: { params: idParams, response: { 200: successMessage, ...itemErrorResponses } } },
    (req) => gallery.remove(req.params.id),
  );
};
