import { z } from 'zod';

/** Lists show this many items unless `limit` asks for another number (at most PAGE_SIZE_MAX). */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

/** Opaque paging token: base64url, never longer than this. */
const cursorParam = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor');

/** `?limit=&cursor=` of every paged list (keyset paging: the cursor names the last row seen). */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
  cursor: cursorParam.optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * One page of a list. `next` is the cursor of the following (older) page; `prev` that of the
 * preceding (newer) one, where '' means the first page (no cursor). null: there is no such page.
 * The HTTP API keeps an array body and announces these in a `Link` header (RFC 8288).
 */
export interface Page<T> {
  items: T[];
  next: string | null;
  prev: string | null;
}

/** The query string that asks for the page `cursor` names ('' for the first page). */
export function cursorSearch(cursor: string): string {
  return cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
}

/** `<url>; rel="next", <url>; rel="prev"` for a page whose own address is `path` (+ other params). */
export function linkHeader(path: string, page: Pick<Page<unknown>, 'next' | 'prev'>, params: URLSearchParams): string {
  const urlFor = (cursor: string) => {
    const search = new URLSearchParams(params);
    search.delete('cursor');
    if (cursor) search.set('cursor', cursor);
    const query = search.toString();
    return `<${path}${query ? `?${query}` : ''}>`;
  };
  const links: string[] = [];
  if (page.next !== null) links.push(`${urlFor(page.next)}; rel="next"`);
  if (page.prev !== null) links.push(`${urlFor(page.prev)}; rel="prev"`);
  return links.join(', ');
}

/** The cursors a `Link` header announces (the client's side of linkHeader). */
export function parseLinkHeader(header: string | null): Pick<Page<unknown>, 'next' | 'prev'> {
  const result: Pick<Page<unknown>, 'next' | 'prev'> = { next: null, prev: null };
  if (!header) return result;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?(next|prev)"?/.exec(part.trim());
    if (!match) continue;
    const cursor = new URL(match[1]!, 'http://localhost').searchParams.get('cursor') ?? '';
    result[match[2] as 'next' | 'prev'] = cursor;
  }
  return result;
}
