import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@/shared/api/common';
import {
  factsResponse,
  generationRequest,
  historyResponse,
  rewriteResponse,
  translateResponse,
} from '@/shared/api/place-ai';
import { perMinute } from '../rate-limit';

/** AI actions on one place: historical events, trivia facts (both cached) and translation. */
export const adminPlaceAiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { placeAi, placeRewrite } = app.services;
  // Each call may reach a paid AI provider: enough for bulk work on a screen, not for a loop gone wrong.
  const config = perMinute(120);

  // Historical events and trivia facts: the same call, each with its own answer.
  for (const [kind, answer] of [
    ['history', historyResponse],
    ['facts', factsResponse],
  ] as const) {
    app.post(
      `/api/admin/places/:id/${kind}`,
      {
        config,
        schema: { params: idParams, body: generationRequest.optional(), response: { 200: answer, ...errorResponses } },
      },
      (req) => placeAi[kind](req.params.id, req.body?.languageCode),
    );
  }

  app.post(
    '/api/admin/places/:id/translate',
    { config, schema: { params: idParams, response: { 200: translateResponse, ...errorResponses } } },
    (req) => placeAi.translate(req.params.id),
  );

  // "Write it again with the model": only a place whose English the offline writer wrote (409 otherwise).
  app.post(
    '/api/admin/places/:id/rewrite',
    { config, schema: { params: idParams, response: { 200: rewriteResponse, ...errorResponses } } },
    (req) => placeRewrite.rewrite(req.params.id),
  );
};
