import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachePublicRoutes } from '../cache/response-cache';

const XML = 'application/xml; charset=utf-8';

/**
 * /sitemap.xml (the index), its children /sitemaps/*.xml and /robots.txt. Registered before the
 * page routes, which answer every other path. Every answer is kept in the response cache until the
 * content changes, with ETags and compression (the cache sets Cache-Control too).
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { seo } = app.services;
  cachePublicRoutes(app);

  app.get('/sitemap.xml', async (_req, reply) => {
    const xml = await seo.sitemapIndex();
    return reply.header('Content-Type', XML).send(xml);
  });

  // A wildcard, not a parameter: a name longer than the router's parameter limit still gets a 404 from here.
  app.get('/sitemaps/*', async (req, reply) => {
    const name = (req.params as { '*': string })['*'];
    // Built before the header is set: a 404 is answered as JSON by the error handler.
    const xml = await seo.sitemapChild(name);
    return reply.header('Content-Type', XML).send(xml);
  });

  app.get('/robots.txt', async (_req, reply) =>
    reply.header('Content-Type', 'text/plain; charset=utf-8').send(seo.robots()),
  );
};
