import type { FastifyReply, FastifyRequest } from 'fastify';

/** PostgreSQL text cannot hold U+0000: such input must be refused before it reaches a query. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * preValidation hook: a path segment with NUL cannot name anything (404); a query or JSON body with
 * NUL is bad input (400).
 *
 * Multipart uploads are not seen here (their parts are read by the route): the upload route removes
 * NUL from its text fields, and EXIF (from the file or the exifData field) and AI answers have NUL
 * removed before they are stored (see shared/nul.ts).
 */
export async function nulGuard(request: FastifyRequest, reply: FastifyReply) {
  if (containsNul(request.params)) return reply.status(404).send({ error: 'Not found', code: 'not_found' });
  if (containsNul(request.query) || containsNul(request.body)) {
    return reply.status(400).send({ error: 'Text must not contain NUL characters.', code: 'nul_character' });
  }
}
