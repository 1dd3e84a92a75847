import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus } from '../shared/api/error-codes';
import { AppError } from './errors';

/** One readable sentence from a zod validation failure: "password: Required". */
function describeValidation(error: { validation: { instancePath?: string; message?: string }[] }): string {
  return error.validation
    .slice(0, 3)
    .map((v) => {
      const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      return path ? `${path}: ${v.message ?? 'Invalid input'}` : (v.message ?? 'Invalid input');
    })
    .join('; ');
}

/** Errors answered once, here: `{ error, code }` with the right status, never a stack trace. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: describeValidation(error), code: 'validation_failed' });
    }
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: error.message, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type...) say what was wrong.
      if (status === 429)
        return reply.status(429).send({ error: 'Too many requests. Please try again later.', code: 'rate_limited' });
      return reply.status(status).send({ error: error.message, code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });
}
