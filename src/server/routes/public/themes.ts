import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { idParams } from '@/shared/api/common';
import { mapDto } from '@/shared/api/maps';
import { langParams, languageCodeQuery, placeCardDto, slugLangParams } from '@/shared/api/public';
import {
  areaThemesDto,
  themeAreaQuery,
  themeDto,
  themePageDto,
  themePlacesQuery,
  themeSlugLangParams,
} from '@/shared/api/themes';
import { sendPage } from '../paging';

/** Themes for visitors (docs/product.md §22): the taxonomy, a theme's page, places and map, a place's and an area's themes. */
export const publicThemeRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);
  const themes = (req: FastifyRequest) => readsOf(app, req).themes;

  app.get(
    '/api/themes/translations/:lang',
    { schema: { params: langParams, response: { 200: z.array(themeDto) } } },
    (req) => themes(req).themes(req.params.lang),
  );
  app.get(
    '/api/themes/by-slug/:slug/translations/:lang',
    { schema: { params: themeSlugLangParams, querystring: themeAreaQuery, response: { 200: themePageDto } } },
    (req) => themes(req).themePage(req.params.slug, req.params.lang, req.query.in),
  );
  app.get(
    '/api/themes/by-slug/:slug/places',
    {
      schema: {
        params: z.object({ slug: themeSlugLangParams.shape.slug }),
        querystring: themePlacesQuery,
        response: { 200: z.array(placeCardDto) },
      },
    },
    async (req, reply) => {
      const { languageCode, in: inSlug, ...page } = req.query;
      return sendPage(req, reply, await themes(req).themePlaces(req.params.slug, languageCode ?? 'en', inSlug, page));
    },
  );
  app.get(
    '/api/maps/themes/by-slug/:slug/translations/:lang',
    { schema: { params: themeSlugLangParams, querystring: themeAreaQuery, response: { 200: mapDto } } },
    (req) => themes(req).themeMap(req.params.slug, req.params.lang, req.query.in),
  );
  app.get(
    '/api/places/:id/themes',
    { schema: { params: idParams, querystring: languageCodeQuery, response: { 200: z.array(themeDto) } } },
    (req) => themes(req).placeThemes(req.params.id, req.query.languageCode),
  );
  app.get(
    '/api/themes/in/:slug/translations/:lang',
    { schema: { params: slugLangParams, response: { 200: areaThemesDto } } },
    (req) => themes(req).areaThemes(req.params.slug, req.params.lang),
  );
};
