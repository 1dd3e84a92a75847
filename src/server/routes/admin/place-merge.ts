import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successMessage } from '@/shared/api/admin-places';
import { errorResponse, idParams, itemErrorResponses } from '@/shared/api/common';
import * as api from '@/shared/api/place-merge';
import { z } from 'zod';

const positionedImages = z.object({ imageIds: z.array(z.string()) });

/** Merge two places, undo a merge, and make a gallery photo its own place (docs/product.md §2.5.4). */
export const adminPlaceMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { placeMerge, placeSplit } = app.services;

  app.post(
    '/api/admin/places/:id/merge',
    {
      schema: {
        params: idParams,
        body: api.mergeRequest,
        response: { 200: api.mergeResponse, 409: errorResponse, ...itemErrorResponses },
      },
    },
    (req) => placeMerge.merge(req.params.id, req.body),
  );

  // The merges into a place that can still be undone (its History shows "Undo merge").
  app.get(
    '/api/admin/places/:id/merges',
    { schema: { params: idParams, response: { 200: api.placeMerges, ...itemErrorResponses } } },
    (req) => placeMerge.mergesInto(req.params.id),
  );

  app.post(
    '/api/admin/places/:id/merges/:sourceId/undo',
    {
      schema: {
        params: api.undoMergeParams,
        response: { 200: successMessage, 409: errorResponse, ...itemErrorResponses },
      },
    },
    (req) => placeMerge.undo(req.params.id, req.params.sourceId),
  );

  // Which gallery photos can become places (they have a stored position).
  app.get(
    '/api/admin/places/:id/gallery/positioned',
    { schema: { params: idParams, response: { 200: positionedImages, ...itemErrorResponses } } },
    (req) => placeSplit.positioned(req.params.id),
  );

  app.post(
    '/api/admin/gallery/:id/to-place',
    {
      schema: {
        params: idParams,
        response: { 200: api.toPlaceResponse, 422: errorResponse, ...itemErrorResponses },
      },
    },
    (req) => placeSplit.toPlace(req.params.id),
  );
};
