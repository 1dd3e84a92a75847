import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/api/common';
import { contentParams, contentSaved } from '@/shared/api/written-text';
import { dashboardDto } from '@/shared/api/review';

/** Review per language and the dashboard's counts. Registered inside the session-guarded admin scope. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review } = app.services;

  for (const [collection, kind] of [
    ['places', 'place'],
    ['cities', 'city'],
    ['countries', 'country'],
  ] as const) {
    app.post(
      `/api/admin/${collection}/:id/translations/:lang/review`,
      { schema: { params: contentParams, response: { 200: contentSaved, ...errorResponses } } },
      (req) => review.markReviewed(kind, req.params.id, req.params.lang),
    );
  }
  app.get('/api/admin/dashboard', { schema: { response: { 200: dashboardDto, ...errorResponses } } }, () => {
    return review.dashboard();
  });
};
