import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../shared/api/common';
import { ERROR_CODES } from '../../shared/api/error-codes';
import { uploadFields } from '../../shared/api/uploads';
import { SESSION_COOKIE } from '../security/session';

/** Where the API's description is served (docs/product.md §7.1). */
const OPENAPI_PATH = '/api/openapi.json';
const ADMIN_PREFIX = '/api/admin/';

const DESCRIPTION = [
  'The HTTP API of Travel Places, generated from the zod contracts in src/shared/api (docs/product.md §7).',
  `Every error answer is JSON with a sentence (\`error\`; \`message\` on sign-in) and a stable \`code\`, one of: ${ERROR_CODES.join(', ')}.`,
  `Admin calls need the session cookie \`${SESSION_COOKIE}\` from POST /api/admin/login and a same-origin Origin header on writes.`,
].join('\n\n');

/**
 * Calls whose body is a multipart form, read part by part by the route (so not validated by a body
 * schema): their form as the document describes it, the text fields from their zod contract.
 */
const MULTIPART_FORMS: Record<string, () => object> = {
  '/api/admin/upload': () => {
    const fields = z.toJSONSchema(uploadFields, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return {
      type: 'object',
      required: ['photo'],
      properties: {
        photo: {
          type: 'string',
          format: 'binary',
          description: 'The photo: JPEG, PNG, WebP, HEIC or AVIF, one per request.',
        },
        ...fields.properties,
      },
    };
  },
};

/**
 * Collects the contract of every /api/ route as it is added (@fastify/swagger with the zod type
 * provider's transform), tagged public or admin. Registered before the routes; the document itself
 * is built on the first request for it, so start-up only pays for collecting the routes.
 */
export async function describeApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Travel Places API', version: '1', description: DESCRIPTION },
      tags: [
        { name: 'public', description: 'What visitors’ pages read; no session.' },
        { name: 'admin', description: 'The back office; a session cookie.' },
      ],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: (document) => {
      const { url } = document;
      // pages, media and the admin scope's catch-all 404 are no API calls
      if (!url.startsWith('/api/') || url === OPENAPI_PATH || url.endsWith('*')) return { schema: { hide: true }, url };
      // any refusal a route does not list is the common error answer (error-handler.ts)
      const listed = document.schema?.response as Record<string, unknown> | undefined;
      const response = { '4xx': errorResponse, '5xx': errorResponse, ...listed };
      const { schema, url: path } = jsonSchemaTransform({ ...document, schema: { ...document.schema, response } });
      const form = MULTIPART_FORMS[url];
      if (form && document.route.method === 'POST')
        Object.assign(schema, { consumes: ['multipart/form-data'], body: form() });
      const admin = url.startsWith(ADMIN_PREFIX) && url !== `${ADMIN_PREFIX}login` && url !== `${ADMIN_PREFIX}status`;
      const tags = [url.startsWith(ADMIN_PREFIX) ? 'admin' : 'public'];
      return { schema: { ...schema, tags, ...(admin ? { security: [{ session: [] }] } : {}) }, url: path };
    },
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json: the OpenAPI 3.1 document of the public and admin API. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
