import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /sitemap.xml and /robots.txt. Registered before the page routes, which answer every other path. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { seo } = app.services;

  app.get('/sitemap.xml', async (_req, reply) =>
    reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await seo.sitemap()),
  );

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .header('Content-Type', 'text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(seo.robots()),
  );
};
