import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachePublicRoutes } from '../../cache/response-cache';
import { z } from 'zod';
import { idParams } from '@/shared/api/common';
import * as api from '@/shared/api/public';
import { pageQuery } from '@/shared/api/paging';
import { nearbyPlaceDto } from '@/shared/api/nearby';
import { sendPage } from '../paging';

export const publicPlaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  cachePublicRoutes(app);

  app.get(
    '/api/places',
    { schema: { querystring: api.placeListQuery, response: { 200: z.array(api.placeCardDto) } } },
    async (req, reply) => {
      const { location, country, ...page } = req.query;
      return sendPage(req, reply, await catalog.places({ location, country }, 'en', page));
    },
  );

  app.get(
    '/api/places/translations/:lang',
    { schema: { params: api.langParams, querystring: pageQuery, response: { 200: z.array(api.placeCardDto) } } },
    async (req, reply) => sendPage(req, reply, await catalog.places({}, req.params.lang, req.query)),
  );

  app.get(
    '/api/places/by-slug/:slug/translations/:lang',
    { schema: { params: api.slugLangParams, response: { 200: api.placeDto } } },
    (req) => catalog.placeBySlug(req.params.slug, req.params.lang),
  );

  app.get(
    '/api/places/:id/history',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: api.translatedHistoryDto } } },
    (req) => catalog.history(req.params.id, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/facts',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: api.translatedFactsDto } } },
    (req) => catalog.facts(req.params.id, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/gallery',
    {
      schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: z.array(api.galleryImageDto) } },
    },
    (req) => catalog.gallery(req.params.id, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/related',
    { schema: { params: idParams, querystring: api.relatedQuery, response: { 200: z.array(api.placeCardDto) } } },
    (req) => catalog.related(req.params.id, req.query.limit, req.query.languageCode),
  );

  app.get(
    '/api/places/:id/nearby',
    { schema: { params: idParams, querystring: api.languageCodeQuery, response: { 200: z.array(nearbyPlaceDto) } } },
    (req) => app.services.nearby.nearby(req.params.id, req.query.languageCode),
  );
};
