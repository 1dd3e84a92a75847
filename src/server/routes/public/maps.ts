import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { idParams } from '@/shared/api/common';
import { mapDto, placesMapDto, placesMapQuery } from '@/shared/api/maps';
import { parseMapView, WORLD_VIEW } from '@/shared/map-view';
import { langParams, slugLangParams } from '@/shared/api/public';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { LOCATOR_IMAGES } from '../../services/maps';

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
  // A country's locator drawing, the image under every place page's pin there (decision 048). Its
  // address holds the drawing's hash: kept for good; an older address is sent on to the current one.
  app.get(
    `${LOCATOR_IMAGES}/:hash/:file`,
    { schema: { params: locatorParams }, config: { immutable: true } },
    async (req, reply) => {
      const key = /^(.+)\.svg$/.exec(req.params.file)?.[1];
      const drawing = key === undefined ? undefined : maps(req).locatorImage(key);
      if (!drawing) throw new NotFoundError('There is no locator map of that country.');
      if (drawing.address !== `${LOCATOR_IMAGES}/${req.params.hash}/${encodeURIComponent(key!)}.svg`) {
        return reply.header('Cache-Control', 'no-cache').redirect(drawing.address, 302);
      }
      return reply.type('image/svg+xml').send(drawing.file);
    },
  );
};

const locatorParams = z.object({ hash: z.string().max(64), file: z.string().max(200) });
