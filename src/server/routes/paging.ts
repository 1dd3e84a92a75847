import type { FastifyReply, FastifyRequest } from 'fastify';
import { linkHeader, type Page } from '../../shared/paging';

/**
 * A paged list answers its array and names the neighbouring pages in a `Link` header (RFC 8288),
 * from the address the answer is kept for (only the parameters the route reads, cache/cache-key.ts).
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  const url = new URL(request.publicCache?.url ?? request.url, 'http://localhost');
  const link = linkHeader(url.pathname, page, url.searchParams);
  if (link) reply.header('Link', link);
  return page.items;
}
