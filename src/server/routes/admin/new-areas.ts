import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/api/common';
import { createMissingAreasResponse, missingPublishedAreas } from '@/shared/api/new-areas';
import { perMinute } from '../rate-limit';

/**
 * Cities and countries of published places (docs/product.md §18): how many have no page, and the
 * dashboard's one-time action that makes them. Session-guarded scope.
 */
export const adminNewAreasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { newAreas } = app.services;

  app.get(
    '/api/admin/areas/missing-published',
    { schema: { response: { 200: missingPublishedAreas, ...errorResponses } } },
    () => newAreas.missing(),
  );
  app.post(
    '/api/admin/areas/create-missing',
    // One press writes up to 100 cities; a script looping on it gains nothing.
    { schema: { response: { 200: createMissingAreasResponse, ...errorResponses } }, config: perMinute(10) },
    () => newAreas.createMissing(),
  );
};
