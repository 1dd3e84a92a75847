/*
 * Paging shared by client and server, without zod: the public bundle imports this module, and the
 * request schema (with zod) lives in api/paging.ts for the server and the admin screens.
 */

/** Lists show this many items unless `limit` asks for another number (at most PAGE_SIZE_MAX). */
export const PAGE_SIZE_DEFAULT = 24;
export const PAGE_SIZE_MAX = 100;

/** `?limit=&cursor=` of a paged list (keyset paging: the cursor names the last row seen). */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

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

/** `path` (which may carry a query already, e.g. `?q=`) asking for the page `cursor` names ('' for the first page). */
export function withCursor(path: string, cursor: string): string {
  if (!cursor) return path;
  return `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
}

/** The query string that asks for the page `cursor` names ('' for the first page). */
export function cursorSearch(cursor: string): string {
  return withCursor('', cursor);
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
