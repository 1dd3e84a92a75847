import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachePublicRoutes } from '../../cache/response-cache';
import { z } from 'zod';
import {
  cityDto,
  countryDto,
  langParams,
  pagedLanguageCodeQuery,
  placeCardDto,
  slugLangParams,
  slugParams,
  translatedCityDto,
  translatedCountryDto,
} from '../../../shared/api/public';
import { pageQuery } from '../../../shared/api/paging';
import { sendPage } from '../paging';

/** Countries and cities, with their translated forms. */
export const publicGeoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  cachePublicRoutes(app);

  app.get(
    '/api/countries/translations/:lang',
    { schema: { params: langParams, querystring: pageQuery, response: { 200: z.array(translatedCountryDto) } } },
    async (req, reply) => sendPage(req, reply, await catalog.countries(req.params.lang, req.query)),
  );
  app.get('/api/countries/by-slug/:slug', { schema: { params: slugParams, response: { 200: countryDto } } }, (req) =>
    catalog.countryBySlug(req.params.slug),
  );
  app.get(
    '/api/countries/by-slug/:slug/translations/:lang',
    { schema: { params: slugLangParams, response: { 200: translatedCountryDto } } },
    (req) => catalog.translatedCountry(req.params.slug, req.params.lang),
  );
  app.get(
    '/api/countries/by-slug/:slug/cities/translations/:lang',
    { schema: { params: slugLangParams, querystring: pageQuery, response: { 200: z.array(translatedCityDto) } } },
    async (req, reply) =>
      sendPage(req, reply, await catalog.citiesOfCountry(req.params.slug, req.params.lang, req.query)),
  );

  app.get('/api/cities/by-slug/:slug', { schema: { params: slugParams, response: { 200: cityDto } } }, (req) =>
    catalog.cityBySlug(req.params.slug),
  );
  app.get(
    '/api/cities/by-slug/:slug/translations/:lang',
    { schema: { params: slugLangParams, response: { 200: translatedCityDto } } },
    (req) => catalog.translatedCity(req.params.slug, req.params.lang),
  );
  app.get(
    '/api/cities/by-slug/:slug/places',
    { schema: { params: slugParams, querystring: pagedLanguageCodeQuery, response: { 200: z.array(placeCardDto) } } },
    async (req, reply) => {
      const { languageCode, ...page } = req.query;
      return sendPage(req, reply, await catalog.placesOfCity(req.params.slug, languageCode, page));
    },
  );
};
