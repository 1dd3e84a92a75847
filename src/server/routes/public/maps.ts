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
import { DRAWING_KINDS, DRAWINGS } from '../../services/map-svg';
import { SLUG_MAX_LENGTH } from '@/shared/limits';

/** The maps of the countries, country and place pages, drawn on the server (services/maps.ts). */
export const publicMapRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);
  const maps = (req: FastifyRequest) => readsOf(app, req).maps;
  const themes = (req: FastifyRequest) => readsOf(app, req).themes;

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
  // A map's drawing as an image of its own, under its markers on the page (decision 048). Its
  // address holds the drawing's hash: kept for good; an older drawing's is sent on to the current one.
  app.get(
    `${DRAWINGS}/:kind/:key/:file`,
    { schema: { params: drawingParams }, config: { immutable: true } },
    async (req, reply) => {
      const { kind, key, file } = req.params;
      const hash = /^([\w-]+)\.svg$/.exec(file)?.[1];
      const drawing =
        hash === undefined
          ? undefined
          : kind === 'theme'
            ? await themes(req).drawingFile(key)
            : await maps(req).drawingFile(kind, key);
      if (!drawing) throw new NotFoundError('There is no such map drawing.');
      if (drawing.hash !== hash) return reply.header('Cache-Control', 'no-cache').redirect(drawing.address, 302);
      return reply.type('image/svg+xml').send(drawing.file);
    },
  );
};

const drawingParams = z.object({
  kind: z.enum(DRAWING_KINDS),
  key: z.string().max(SLUG_MAX_LENGTH),
  file: z.string().max(64),
});
