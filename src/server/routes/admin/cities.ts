import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCityDto,
  createCityBody,
  createCityResponse,
  deleteGeoResponse,
  missingCityDto,
  updateCityBody,
} from '../../../shared/api/admin-geo';
import { idParams } from '../../../shared/api/common';

/** Manage Cities (spec section 7). Registered inside the session-guarded admin scope. */
export const adminCityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminCities } = app.services;

  app.get('/api/admin/cities', { schema: { response: { 200: z.array(adminCityDto) } } }, () => adminCities.list());

  app.get('/api/admin/cities/missing', { schema: { response: { 200: z.array(missingCityDto) } } }, () =>
    adminCities.missing(),
  );

  app.post(
    '/api/admin/cities',
    {
      schema: { body: createCityBody, response: { 201: createCityResponse } },
      // Each create costs several AI calls: a runaway script should not be able to loop on it.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => reply.status(201).send(await adminCities.create(req.body)),
  );

  app.put(
    '/api/admin/cities/:id',
    {
      schema: { params: idParams, body: updateCityBody, response: { 200: createCityResponse } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (req) => adminCities.update(req.params.id, req.body),
  );

  app.delete('/api/admin/cities/:id', { schema: { params: idParams, response: { 200: deleteGeoResponse } } }, (req) =>
    adminCities.remove(req.params.id),
  );
};
