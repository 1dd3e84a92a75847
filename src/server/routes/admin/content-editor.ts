import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@/shared/api/common';
import * as api from '@/shared/api/content-editor';
import { contentParams, contentSaved } from '@/shared/api/written-text';
import { perMinute } from '../rate-limit';

/**
 * The editor's desk (docs/decisions/014-written-by-a-person.md): every language of a place, city and
 * country, read and written by a person. Registered inside the session-guarded admin scope.
 */
export const adminContentEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { contentEditor } = app.services;
  // Machine translation may reach a paid AI provider.
  const machine = perMinute(60);
  // Every save and machine translation answers a message and the languages now outdated, or an error.
  const saved = { 200: contentSaved, ...errorResponses };

  app.get(
    '/api/admin/places/:id/content',
    { schema: { params: idParams, response: { 200: api.placeContentDto, ...errorResponses } } },
    (req) => {
      return contentEditor.placeContent(req.params.id);
    },
  );
  app.put(
    '/api/admin/places/:id/translations/:lang',
    { schema: { params: contentParams, body: api.placeTextBody, response: saved } },
    (req) => contentEditor.savePlaceText(req.params.id, req.params.lang, req.body),
  );
  app.put(
    '/api/admin/places/:id/history/:lang',
    { schema: { params: contentParams, body: api.historyBody, response: saved } },
    (req) => contentEditor.savePlacePart(req.params.id, 'history', req.params.lang, req.body.events),
  );
  app.put(
    '/api/admin/places/:id/facts/:lang',
    { schema: { params: contentParams, body: api.factsBody, response: saved } },
    (req) => contentEditor.savePlacePart(req.params.id, 'facts', req.params.lang, req.body.facts),
  );
  app.post(
    '/api/admin/places/:id/translations/:lang/machine',
    { config: machine, schema: { params: contentParams, response: saved } },
    (req) => contentEditor.machineAgain({ type: 'place', id: req.params.id }, req.params.lang),
  );

  for (const [collection, kind] of [
    ['cities', 'city'],
    ['countries', 'country'],
  ] as const) {
    app.get(
      `/api/admin/${collection}/:id/content`,
      { schema: { params: idParams, response: { 200: api.areaContentDto, ...errorResponses } } },
      (req) => {
        return contentEditor.areaContent(kind, req.params.id);
      },
    );
    app.put(
      `/api/admin/${collection}/:id/translations/:lang`,
      { schema: { params: contentParams, body: api.areaTextBody, response: saved } },
      (req) => contentEditor.saveAreaText(kind, req.params.id, req.params.lang, req.body),
    );
    app.post(
      `/api/admin/${collection}/:id/translations/:lang/machine`,
      { config: machine, schema: { params: contentParams, response: saved } },
      (req) => contentEditor.machineAgain({ type: kind, id: req.params.id }, req.params.lang),
    );
  }
};
