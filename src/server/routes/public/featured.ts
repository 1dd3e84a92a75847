import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { highlightsDto } from '@/shared/api/featured';
import * as api from '@/shared/api/public';

/** The highlights of a city's, a country's and the home page (docs/product.md §20). */
export const publicFeaturedRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);
  for (const [collection, scope] of [
    ['cities', 'city'],
    ['countries', 'country'],
  ] as const) {
    app.get(
      `/api/${collection}/by-slug/:slug/highlights/translations/:lang`,
      { schema: { params: api.slugLangParams, response: { 200: highlightsDto } } },
      (req) => readsOf(app, req).featured.highlights(scope, req.params.slug, req.params.lang),
    );
  }
  app.get(
    '/api/home/highlights/translations/:lang',
    { schema: { params: api.langParams, response: { 200: highlightsDto } } },
    (req) => readsOf(app, req).featured.highlights('home', null, req.params.lang),
  );
};
