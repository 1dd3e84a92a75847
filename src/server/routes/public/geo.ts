import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cityDto,
  countryDto,
  languageCodeQuery,
  langParams,
  placeDto,
  slugLangParams,
  slugParams,
  translatedCityDto,
  translatedCountryDto,
} from '../../../shared/api/public';

/** Countries and cities, with their translated forms. */
export const publicGeoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;

  app.get(
    '/api/countries/translations/:lang',
    { schema: { params: langParams, response: { 200: z.array(translatedCountryDto) } } },
    (req) => catalog.countries(req.params.lang),
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
    { schema: { params: slugLangParams, response: { 200: z.array(translatedCityDto) } } },
    (req) => catalog.citiesOfCountry(req.params.slug, req.params.lang),
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
    { schema: { params: slugParams, querystring: languageCodeQuery, response: { 200: z.array(placeDto) } } },
    (req) => catalog.placesOfCity(req.params.slug, req.query.languageCode),
  );
};
