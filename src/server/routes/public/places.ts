import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { z } from 'zod';
import { idParams } from '@/shared/api/common';
import * as api from '@/shared/api/public';
import { pageQuery } from '@/shared/api/paging';
import { nearbyPlaceDto } from '@/shared/api/nearby';
import { sendPage } from '../paging';
import { visitDto } from '@/shared/api/visit-facts';

export const publicPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = (req: FastifyRequest) => readsOf(app, req).catalog;
  cachePublicRoutes(app);

  app.get(
    '/api/places',
    { schema: { querystring: api.placeListQuery, response: { 200: z.array(api.placeCardDto) } } },
    async (req, reply) => {
      const { location, country, ...page } = req.query;
      return sendPage(req, reply, await catalog(req).places({ location, country }, 'en', page));
    },
  );

  app.get(
    '/api/places/translations/:lang',
    { schema: { params: api.langParams, querystring: pageQuery, response: { 200: z.array(api.placeCardDto) } } },
    async (req, reply) => sendPage(req, reply, await catalog(req).latestPlaces(req.params.lang, req.query)),
  );

  app.get(
    '/api/places/by-slug/:slug/translations/:lang',
    { schema: { params: api.slugLangParams, response: { 200: api.placeDto } } },
    (req) => catalog(req).placeBySlug(req.params.slug, req.params.lang),
  );

  app.get(
    '/api/places/by-ids/translations/:lang',
    {
      schema: { params: api.langParams, querystring: api.placeIdsQuery, response: { 200: z.array(api.placeCardDto) } },
    },
    (req) => catalog(req).placesByIds(req.query.ids, req.params.lang),
  );

  app.get(
    '/api/places/:id/history',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: api.translatedHistoryDto } } },
    (req) => catalog(req).history(req.params.id, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/facts',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: api.translatedFactsDto } } },
    (req) => catalog(req).facts(req.params.id, req.query.languageCode),
  );

  // The facts a visit is planned with (decision 043): null when the owner gave none.
  app.get(
    '/api/places/:id/visit',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: visitDto.nullable() } } },
    (req) => catalog(req).visit(req.params.id, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/gallery',
    {
      schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: z.array(api.galleryImageDto) } },
    },
    (req) => catalog(req).gallery(req.params.id, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/related',
    { schema: { params: idParams, querystring: api.relatedQuery, response: { 200: z.array(api.placeCardDto) } } },
    (req) => catalog(req).related(req.params.id, req.query.limit, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/nearby',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: z.array(nearbyPlaceDto) } } },
    (req) => readsOf(app, req).nearby.nearby(req.params.id, req.query.languageCode),
  );
};
