import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@/shared/api/common';
import { adminSettings, adminSettingsUpdate, publicationResponse } from '@/shared/api/publishing';

/** Publish on purpose: the admin's settings, and publishing or unpublishing a place. Session-guarded scope. */
export const adminPublishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publishing } = app.services;

  app.get('/api/admin/settings', { schema: { response: { 200: adminSettings, ...errorResponses } } }, () => {
    return publishing.settings();
  });
  app.put(
    '/api/admin/settings',
    { schema: { body: adminSettingsUpdate, response: { 200: adminSettings, ...errorResponses } } },
    (req) => publishing.saveSettings(req.body),
  );
  app.post(
    '/api/admin/places/:id/publish',
    { schema: { params: idParams, response: { 200: publicationResponse, ...errorResponses } } },
    (req) => publishing.publish(req.params.id),
  );
  app.post(
    '/api/admin/places/:id/unpublish',
    { schema: { params: idParams, response: { 200: publicationResponse, ...errorResponses } } },
    (req) => publishing.unpublish(req.params.id),
  );
};
