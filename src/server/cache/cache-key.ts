import type { FastifyRequest } from 'fastify';
import { pageParamsAt } from '../../shared/public-pages';
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * One spelling per path: escapes of unreserved characters decoded and the others in upper case,
 * empty segments (`//`) dropped, `.` and `..` resolved. A trailing slash stays (`/es/` is an address
 * of its own, redirected by routes/pages.ts).
 */
export function normalizePath(path: string): string {
  const decoded = path.replace(/%[0-9a-fA-F]{2}/g, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
  const segments: string[] = [];
  const parts = decoded.split('/').slice(1);
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') segments.pop();
    else segments.push(part);
  }
  const last = parts.at(-1);
  const trailing = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return `/${segments.join('/')}${trailing ? '/' : ''}`;
}

/** Whether the path of `url` (path and query) is already in its one spelling. */
export function isNormalPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return normalizePath(path) === path;
}

/**
 * The query parameters a route reads: the keys of its querystring schema (a zod object), none
 * without a schema, and every given one when the schema's keys cannot be read (never a key that
 * leaves out what the route reads).
 */
function routeParams(request: FastifyRequest, given: URLSearchParams): readonly string[] {
  const schema = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  if (!schema) return [];
  return schema.shape ? Object.keys(schema.shape) : [...new Set(given.keys())];
}

/**
 * The address an answer is made and kept for: the normalised path and only the query parameters
 * its route reads, in one order (the first value of each): a page's from the public pages' table
 * (shared/public-pages.ts: `/{lang}/search` reads `q` and `cursor`, `/{lang}/saved` `ids`, home and
 * the lists `cursor`), an API route's from its querystring schema. Any other parameter is left out of
 * the key and of the render (routes/pages.ts renders this address, routes/paging.ts links from it),
 * so it can neither fill the cache, nor cause a render, nor show in the answer.
 */
export function cacheKeyOf(request: FastifyRequest, kind: 'api' | 'page'): string {
  const [rawPath = '/', query = ''] = request.url.split(/\?(.*)/s, 2);
  const path = normalizePath(rawPath);
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of [...(kind === 'page' ? pageParamsAt(path) : routeParams(request, given))].sort()) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return `${path}${search ? `?${search}` : ''}`;
}
