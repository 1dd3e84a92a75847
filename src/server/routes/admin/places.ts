import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPlaceList,
  successMessage,
  updatePlaceRequest,
  updatePlaceResponse,
} from '../../../shared/api/admin-places';
import { errorResponse, idParams } from '../../../shared/api/common';

/** Edit Places (spec sections 2 and 7). Registered inside the session-guarded admin scope. */
export const adminPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminPlaces } = app.services;
  const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

  app.get(
    '/api/admin/places-with-translations',
    { schema: { response: { 200: adminPlaceList, 401: errorResponse } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return adminPlaces.list();
    },
  );

  app.put(
    '/api/admin/places/:id',
    { schema: { params: idParams, body: updatePlaceRequest, response: { 200: updatePlaceResponse, ...errors } } },
    (req) => adminPlaces.update(req.params.id, req.body),
  );

  app.delete(
    '/api/admin/places/:id',
    { schema: { params: idParams, response: { 200: successMessage, ...errors } } },
    async (req) => {
      await adminPlaces.remove(req.params.id);
      return { success: true as const, message: 'Place deleted successfully' };
    },
  );
};
