import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '@/shared/api/common';
import { adminPlaceThemesDto, placeThemesBody } from '@/shared/api/themes';

/** A place's themes as the owner sees and sets them (0-3; suggestions confirmed by choosing them). Session-guarded scope. */
export const adminThemeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminThemes } = app.services;
  app.get(
    '/api/admin/places/:id/themes',
    { schema: { params: idParams, response: { 200: adminPlaceThemesDto, ...errorResponses } } },
    (req) => adminThemes.placeThemes(req.params.id),
  );
  app.put(
    '/api/admin/places/:id/themes',
    { schema: { params: idParams, body: placeThemesBody, response: { 200: adminPlaceThemesDto, ...errorResponses } } },
    (req) => adminThemes.setPlaceThemes(req.params.id, req.body.themes),
  );
};
