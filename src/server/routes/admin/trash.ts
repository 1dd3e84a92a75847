import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successMessage } from '@/shared/api/admin-places';
import { errorResponse, itemErrorResponses } from '@/shared/api/common';
import { trashItemParams, trashList } from '@/shared/api/trash';

/** The Trash screen: what was deleted in the last 30 days, restoring it, and deleting it for good. */
export const adminTrashRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trash } = app.services;

  app.get('/api/admin/trash', { schema: { response: { 200: trashList, 401: errorResponse } } }, async () => {
    return trash.list();
  });

  app.post(
    '/api/admin/trash/:kind/:id/restore',
    {
      schema: { params: trashItemParams, response: { 200: successMessage, 409: errorResponse, ...itemErrorResponses } },
    },
    (req) => trash.restore(req.params.kind, req.params.id),
  );

  app.delete(
    '/api/admin/trash/:kind/:id',
    { schema: { params: trashItemParams, response: { 200: successMessage, ...itemErrorResponses } } },
    (req) => trash.emptyOne(req.params.kind, req.params.id),
  );

  app.delete(
    '/api/admin/trash',
    { schema: { response: { 200: successMessage, 401: errorResponse, 403: errorResponse } } },
    () => trash.emptyAll(),
  );
};
