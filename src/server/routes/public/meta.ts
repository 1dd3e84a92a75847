import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { z } from 'zod';
import { errorResponse } from '@/shared/api/common';
import * as api from '@/shared/api/public';

/** Health, languages, interface text, the site's settings and its footer pages. */
export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = app.services;
  const catalog = (req: FastifyRequest) => readsOf(app, req).catalog;
  cachePublicRoutes(app);

  // Health is live, never cached: a load balancer must see the database as it is now.
  const live = { publicCache: undefined };
  app.get(
    '/api/health',
    { schema: { response: { 200: api.healthDto, 503: errorResponse } }, config: live },
    async (_req, reply) => {
      try {
        await health.check();
      } catch {
        return reply.status(503).send({ error: 'Database unreachable', code: 'database_unavailable' });
      }
      return { status: 'ok' as const };
    },
  );

  app.get('/api/site', { schema: { response: { 200: api.siteSettingsDto } } }, (req) => catalog(req).siteSettings());

  app.get(
    '/api/site/pages/:page/:lang',
    { schema: { params: api.infoPageParams, response: { 200: api.infoPageDto, 404: errorResponse } } },
    (req) => catalog(req).infoPage(req.params.page, req.params.lang),
  );

  app.get('/api/languages', { schema: { response: { 200: z.array(api.languageDto) } } }, (req) =>
    catalog(req).languages(),
  );

  app.get(
    '/api/translations/:lang',
    { schema: { params: api.langParams, response: { 200: z.array(api.uiTextEntryDto) } } },
    (req) => catalog(req).uiText(req.params.lang),
  );
};
