import { extname } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/**
 * Uploaded images. Names are generated and never reused, so they are cached for a year. With
 * `?download=1` the file is sent as an attachment (the gallery's full-resolution download).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    { schema: { querystring: z.object({ download: z.string().optional() }) } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const type = CONTENT_TYPES[extname(key).toLowerCase()];
      const file = type ? await app.storage.open(key) : undefined;
      if (!type || !file) return reply.status(404).send({ error: 'File not found' });
      reply
        .header('Content-Type', type)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (req.query.download !== undefined) {
        const name = key.split('/').pop() ?? 'photo';
        reply.header('Content-Disposition', `attachment; filename="${name}"`);
      }
      return reply.send(file.stream());
    },
  );
};
