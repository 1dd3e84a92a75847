import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams, itemErrorResponses } from '@/shared/api/common';
import * as api from '@/shared/api/revisions';

/** A place's, city's or country's history: its versions, one compared with now, and restoring one. */
export const adminRevisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { revisions } = app.services;

  for (const collection of api.revisionCollections) {
    app.get(
      `/api/admin/${collection}/:id/revisions`,
      { schema: { params: idParams, response: { 200: api.revisionList, ...itemErrorResponses } } },
      async (req) => {
        return revisions.list(collection, req.params.id);
      },
    );

    app.get(
      `/api/admin/${collection}/:id/revisions/:revisionId`,
      { schema: { params: api.revisionParams, response: { 200: api.revisionCompare, ...itemErrorResponses } } },
      async (req) => {
        return revisions.compare(collection, req.params.id, req.params.revisionId);
      },
    );

    app.post(
      `/api/admin/${collection}/:id/revisions/:revisionId/restore`,
      {
        schema: {
          params: api.revisionParams,
          response: { 200: api.revisionRestored, 409: errorResponse, ...itemErrorResponses },
        },
      },
      (req) => revisions.restore(collection, req.params.id, req.params.revisionId),
    );
  }
};
