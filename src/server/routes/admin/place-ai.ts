import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@/shared/api/common';
import { factsResponse, generationRequest, historyResponse, translateResponse } from '@/shared/api/place-ai';

/** AI actions on one place: historical events, trivia facts (both cached) and translation. */
export const adminPlaceAiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { placeAi } = app.services;
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  // Each call may reach a paid AI provider: enough for bulk work on a screen, not for a loop gone wrong.
  const config = { rateLimit: { max: 120, timeWindow: '1 minute' } };

  app.post(
    '/api/admin/places/:id/history',
    {
      config,
      schema: { params: idParams, body: generationRequest.optional(), response: { 200: historyResponse, ...errors } },
    },
    (req) => placeAi.history(req.params.id, req.body?.languageCode),
  );

  app.post(
    '/api/admin/places/:id/facts',
    {
      config,
      schema: { params: idParams, body: generationRequest.optional(), response: { 200: factsResponse, ...errors } },
    },
    (req) => placeAi.facts(req.params.id, req.body?.languageCode),
  );

  app.post(
    '/api/admin/places/:id/translate',
    { config, schema: { params: idParams, response: { 200: translateResponse, ...errors } } },
    (req) => placeAi.translate(req.params.id),
  );
};
