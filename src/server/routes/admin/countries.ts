import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCountryDto,
  createCountryBody,
  createCountryResponse,
  deleteGeoResponse,
  missingCountryDto,
  updateCountryBody,
} from '../../../shared/api/admin-geo';
import { idParams } from '../../../shared/api/common';

/** Manage Countries (spec section 7). Registered inside the session-guarded admin scope. */
export const adminCountryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminCountries } = app.services;

  app.get('/api/admin/countries', { schema: { response: { 200: z.array(adminCountryDto) } } }, () =>
    adminCountries.list(),
  );

  app.get('/api/admin/countries/missing', { schema: { response: { 200: z.array(missingCountryDto) } } }, () =>
    adminCountries.missing(),
  );

  app.post(
    '/api/admin/countries',
    {
      schema: { body: createCountryBody, response: { 201: createCountryResponse } },
      // Each create costs several AI calls: a runaway script should not be able to loop on it.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => reply.status(201).send(await adminCountries.create(req.body)),
  );

  app.put(
    '/api/admin/countries/:id',
    {
      schema: { params: idParams, body: updateCountryBody, response: { 200: createCountryResponse } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (req) => adminCountries.update(req.params.id, req.body),
  );

  app.delete(
    '/api/admin/countries/:id',
    { schema: { params: idParams, response: { 200: deleteGeoResponse } } },
    (req) => adminCountries.remove(req.params.id),
  );
};
