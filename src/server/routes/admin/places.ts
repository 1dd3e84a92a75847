import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '@/shared/api/admin-places';
import { errorResponse, idParams, itemErrorResponses } from '@/shared/api/common';
import { sendPage } from '../paging';

/** Edit Places (docs/product.md §2.5.4, §7.3.3). Registered inside the session-guarded admin scope. */
export const adminPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminPlaces } = app.services;

  // One page of the list, newest uploads (or photo dates) first; the neighbouring pages are named
  // in the Link header.
  app.get(
    '/api/admin/places-with-translations',
    {
      schema: {
        querystring: api.adminPlaceListQuery,
        response: { 200: api.adminPlaceList, 400: errorResponse, 401: errorResponse },
      },
    },
    async (req, reply) => {
      const { location, country, sort, q, state, review, translations, ...page } = req.query;
      const filter = { location, country, search: q, state, review, translations };
      return sendPage(req, reply, await adminPlaces.list(filter, sort, page));
    },
  );

  // The Filter by City choices and the number of all places (at most 2,000 cities, see the service).
  app.get(
    '/api/admin/places/locations',
    { schema: { response: { 200: api.adminPlaceLocations, 401: errorResponse } } },
    async () => {
      return adminPlaces.locations();
    },
  );

  app.put(
    '/api/admin/places/:id',
    {
      schema: {
        params: idParams,
        body: api.updatePlaceRequest,
        response: { 200: api.updatePlaceResponse, ...itemErrorResponses },
      },
    },
    (req) => adminPlaces.update(req.params.id, req.body),
  );

  app.delete(
    '/api/admin/places/:id',
    { schema: { params: idParams, response: { 200: api.successMessage, ...itemErrorResponses } } },
    (req) => adminPlaces.remove(req.params.id),
  );
};
