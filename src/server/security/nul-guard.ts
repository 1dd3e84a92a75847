import type { FastifyReply, FastifyRequest } from 'fastify';

/** PostgreSQL text cannot hold U+0000: such input must be refused before it reaches a query. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** The text without any U+0000 (PostgreSQL text and jsonb cannot store it). */
export const stripNul = (text: string): string => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * A copy of JSON-like data (strings, arrays, plain objects) with U+0000 removed from every string
 * and every key, at any depth. Other values (numbers, booleans, null, dates, buffers) are kept as
 * they are. For text that did not come from a person typing it: EXIF and AI model output.
 */
export function stripNulDeep<T>(value: T): T {
  if (typeof value === 'string') return stripNul(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripNulDeep(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[stripNul(key)] = stripNulDeep(item);
  return out as T;
}

/**
 * preValidation hook: a path segment with NUL cannot name anything (404); a query or JSON body with
 * NUL is bad input (400).
 *
 * Multipart uploads are not seen here (their parts are read by the route): the upload route removes
 * NUL from its text fields, and EXIF (from the file or the exifData field) and AI answers have NUL
 * removed before they are stored (see stripNul / stripNulDeep).
 */
export async function nulGuard(request: FastifyRequest, reply: FastifyReply) {
  if (containsNul(request.params)) return reply.status(404).send({ error: 'Not found' });
  if (containsNul(request.query) || containsNul(request.body)) {
    return reply.status(400).send({ error: 'Text must not contain NUL characters.' });
  }
}
