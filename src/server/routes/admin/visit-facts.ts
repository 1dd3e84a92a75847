import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as api from '@/shared/api/visit-facts';
import { idParams, itemErrorResponses } from '@/shared/api/common';

/** Visit facts (docs/product.md, "Plan your visit"; decision 043). Inside the session-guarded admin scope. */
export const adminVisitFactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { visitFacts } = app.services;

  // The facts with every language's texts (the editor's desk).
  app.get(
    '/api/admin/places/:id/visit',
    { schema: { params: idParams, response: { 200: api.adminVisitDto.nullable(), ...itemErrorResponses } } },
    (req) => visitFacts.read(req.params.id),
  );

  // The facts and their English texts, all at once (Edit Place).
  app.put(
    '/api/admin/places/:id/visit',
    {
      schema: {
        params: idParams,
        body: api.visitFactsRequest,
        response: { 200: api.visitFactsResponse, ...itemErrorResponses },
      },
    },
    (req) => visitFacts.save(req.params.id, req.body),
  );

  // One other language's texts (the editor's desk).
  app.put(
    '/api/admin/places/:id/visit/translations/:lang',
    {
      schema: {
        params: api.visitTextsParams,
        body: api.visitTexts,
        response: { 200: api.visitFactsResponse, ...itemErrorResponses },
      },
    },
    (req) => visitFacts.saveTexts(req.params.id, req.params.lang, req.body),
  );
};
