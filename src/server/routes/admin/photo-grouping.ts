import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/api/common';
import { nearPlacesQuery, nearPlacesResponse } from '@/shared/api/photo-grouping';

/** The places a photo could join, for the Upload screen (decision 027). Session-guarded scope. */
export const adminPhotoGroupingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { photoGrouping } = app.services;

  app.get(
    '/api/admin/places/near',
    { schema: { querystring: nearPlacesQuery, response: { 200: nearPlacesResponse, ...errorResponses } } },
    (req) => photoGrouping.near({ latitude: req.query.lat, longitude: req.query.lng }),
  );
};
