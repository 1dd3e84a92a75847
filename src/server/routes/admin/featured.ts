import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@/shared/api/common';
import { featuredAnswer, featuredCandidatesQuery, featuredUpdate } from '@/shared/api/featured';
import { perMinute } from '../rate-limit';

/**
 * The owner's highlights (docs/product.md §7.3.5, §20): a city's and a country's under their
 * collection, the home page's under /api/admin/home. Session-guarded scope.
 */
export const adminFeaturedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { featured } = app.services;
  for (const [collection, scope] of [
    ['cities', 'city'],
    ['countries', 'country'],
  ] as const) {
    app.get(
      `/api/admin/${collection}/:id/featured`,
      {
        schema: {
          params: idParams,
          querystring: featuredCandidatesQuery,
          response: { 200: featuredAnswer, ...errorResponses },
        },
      },
      (req) => featured.read(scope, req.params.id, req.query.q),
    );
    app.put(
      `/api/admin/${collection}/:id/featured`,
      {
        schema: { params: idParams, body: featuredUpdate, response: { 200: featuredAnswer, ...errorResponses } },
        config: perMinute(60),
      },
      (req) => featured.save(scope, req.params.id, req.body.placeIds),
    );
  }
  app.get(
    '/api/admin/home/featured',
    { schema: { querystring: featuredCandidatesQuery, response: { 200: featuredAnswer, ...errorResponses } } },
    (req) => featured.read('home', '', req.query.q),
  );
  app.put(
    '/api/admin/home/featured',
    { schema: { body: featuredUpdate, response: { 200: featuredAnswer, ...errorResponses } }, config: perMinute(60) },
    (req) => featured.save('home', '', req.body.placeIds),
  );
};
