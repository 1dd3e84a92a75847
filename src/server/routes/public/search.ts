import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchRequestQuery, searchResultDto } from '@/shared/api/search';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { sendPage } from '../paging';

/**
 * A search that misses the cache costs a few index scans; repeated ones come from the render cache
 * before this limit counts them. Type-ahead asks about twice a second while someone types.
 */
const SEARCH_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

export const publicSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);

  app.get(
    '/api/search',
    {
      config: { rateLimit: SEARCH_RATE_LIMIT },
      schema: { querystring: searchRequestQuery, response: { 200: z.array(searchResultDto) } },
    },
    async (req, reply) => {
      const { q, lang, ...page } = req.query;
      return sendPage(req, reply, await readsOf(app, req).search.search(q, lang, page));
    },
  );
};
