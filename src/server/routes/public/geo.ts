import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { z } from 'zod';
import * as api from '@/shared/api/public';
import { pageQuery } from '@/shared/api/paging';
import { sendPage } from '../paging';

/** Countries and cities, with their translated forms. */
export const publicGeoRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = (req: FastifyRequest) => readsOf(app, req).catalog;
  cachePublicRoutes(app);

  app.get(
    '/api/countries/translations/:lang',
    {
      schema: { params: api.langParams, querystring: pageQuery, response: { 200: z.array(api.translatedCountryDto) } },
    },
    async (req, reply) => sendPage(req, reply, await catalog(req).countries(req.params.lang, req.query)),
  );
  app.get(
    '/api/countries/by-slug/:slug/cities/translations/:lang',
    {
      schema: { params: api.slugLangParams, querystring: pageQuery, response: { 200: z.array(api.translatedCityDto) } },
    },
    async (req, reply) =>
      sendPage(req, reply, await catalog(req).citiesOfCountry(req.params.slug, req.params.lang, req.query)),
  );

  // A country or city by its slug: as stored, and in a language.
  for (const area of [
    {
      collection: 'countries',
      stored: api.countryDto,
      translated: api.translatedCountryDto,
      bySlug: (req: FastifyRequest, slug: string) => catalog(req).countryBySlug(slug),
      inLanguage: (req: FastifyRequest, slug: string, lang: string) => catalog(req).translatedCountry(slug, lang),
    },
    {
      collection: 'cities',
      stored: api.cityDto,
      translated: api.translatedCityDto,
      bySlug: (req: FastifyRequest, slug: string) => catalog(req).cityBySlug(slug),
      inLanguage: (req: FastifyRequest, slug: string, lang: string) => catalog(req).translatedCity(slug, lang),
    },
  ]) {
    app.get(
      `/api/${area.collection}/by-slug/:slug`,
      { schema: { params: api.slugParams, response: { 200: area.stored } } },
      (req) => area.bySlug(req, req.params.slug),
    );
    app.get(
      `/api/${area.collection}/by-slug/:slug/translations/:lang`,
      { schema: { params: api.slugLangParams, response: { 200: area.translated } } },
      (req) => area.inLanguage(req, req.params.slug, req.params.lang),
    );
  }
  app.get(
    '/api/cities/by-slug/:slug/places',
    {
      schema: {
        params: api.slugParams,
        querystring: api.pagedLanguageCodeQuery,
        response: { 200: z.array(api.placeCardDto) },
      },
    },
    async (req, reply) => {
      const { languageCode: lang, ...page } = req.query;
      // the list leaves out the city's highlights: it carries the city's tag, which a change of them names
      await catalog(req).cityBySlug(req.params.slug);
      return sendPage(req, reply, await catalog(req).placesOfCity(req.params.slug, lang, page));
    },
  );
};
