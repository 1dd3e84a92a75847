import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchRequestQuery, searchResultDto } from '@/shared/api/search';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { sendPage } from '../paging';
import { perMinute } from '../rate-limit';

export const publicSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);

  app.get(
    '/api/search',
    {
      // A search that misses the cache costs a few index scans; repeated ones come from the render
      // cache before this limit counts them. Type-ahead asks about twice a second while someone types.
      config: perMinute(600),
      schema: { querystring: searchRequestQuery, response: { 200: z.array(searchResultDto) } },
    },
    async (req, reply) => {
      const { q, lang, ...page } = req.query;
      return sendPage(req, reply, await readsOf(app, req).search.search(q, lang, page));
    },
  );
};
