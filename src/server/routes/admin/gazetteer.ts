import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/api/common';
import { gazetteerQuery, gazetteerResponse } from '@/shared/api/gazetteer';
import { createGazetteerSearch } from '../../geo/gazetteer-search';
import { perMinute } from '../rate-limit';

/**
 * GET /api/admin/geo/cities?q=...&limit=...: the Upload screen's type-ahead for placing a photo
 * without GPS. Registered inside the session-guarded admin scope.
 */
export const adminGazetteerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shares the geocoder's town table; its own index is built on the first search.
  const gazetteer = createGazetteerSearch(() => app.services.geocoder.cities());

  app.get(
    '/api/admin/geo/cities',
    {
      // A few searches a second while typing (the screen waits for a pause); a script is stopped.
      config: perMinute(300),
      schema: {
        querystring: gazetteerQuery,
        response: { 200: gazetteerResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    // Answers under /api/admin are never stored by a browser or proxy (response-cache.ts).
    (req) => gazetteer.search(req.query.q, req.query.limit),
  );
};
