import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { idParams } from '@/shared/api/common';
import { mapDto, placesMapDto, placesMapQuery } from '@/shared/api/maps';
import { parseMapView, WORLD_VIEW } from '@/shared/map-view';
import { langParams, slugLangParams } from '@/shared/api/public';

/** The maps of the countries, country and place pages, drawn on the server (services/maps.ts). */
export const publicMapRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);
  const maps = (req: FastifyRequest) => readsOf(app, req).maps;

  app.get(
    '/api/maps/countries/translations/:lang',
    { schema: { params: langParams, response: { 200: mapDto } } },
    (req) => maps(req).worldMap(req.params.lang),
  );
  app.get(
    '/api/maps/countries/by-slug/:slug/translations/:lang',
    { schema: { params: slugLangParams, response: { 200: mapDto } } },
    (req) => maps(req).countryMap(req.params.slug, req.params.lang),
  );
  app.get(
    '/api/maps/every-place/translations/:lang',
    { schema: { params: langParams, querystring: placesMapQuery, response: { 200: placesMapDto } } },
    (req) => maps(req).placesMap(req.params.lang, parseMapView(req.query) ?? WORLD_VIEW, req.query.theme),
  );
  app.get('/api/maps/places/:id', { schema: { params: idParams, response: { 200: mapDto } } }, (req) =>
    maps(req).placeMap(req.params.id),
  );
};
