import { PAGE_SIZE_DEFAULT, type Page, type PageQuery } from '../../shared/paging';
import type { Keyed, Keyset, KeyKind, Seek } from '../db/repos/keyset';
import { isUuid } from '../db/ids';
import { BadRequestError } from '../errors';

/** Reads `limit` rows (the repository adds the seek condition and the order). */
export type PageReader<T> = (seek: Seek | undefined, limit: number) => Promise<(T & Keyed)[]>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function validKey(kind: KeyKind, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (kind === 'uuid') return isUuid(value);
  if (kind === 'timestamp') {
    if (!TIMESTAMP.test(value)) return false;
    // Only real instants: '2024-02-30' would be an SQL error, not a page.
    const parsed = new Date(value);
    // Year 0 is a real instant to JavaScript but out of range for PostgreSQL.
    return (
      !Number.isNaN(parsed.getTime()) &&
      parsed.getUTCFullYear() >= 1 &&
      parsed.toISOString().slice(0, 19) === value.slice(0, 19)
    );
  }
  return value.length <= 500 && !value.includes('\0');
}

export function encodeCursor(seek: Seek): string {
  return Buffer.from(JSON.stringify([seek.direction === 'after' ? 'a' : 'b', ...seek.key])).toString('base64url');
}

/** A cursor from a client: decoded and checked against the list's key, or a 400. */
export function decodeCursor(keyset: Keyset, cursor: string): Seek {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const kinds = keyset.columns.map((c) => c.kind);
  if (
    !Array.isArray(parsed) ||
    parsed.length !== kinds.length + 1 ||
    (parsed[0] !== 'a' && parsed[0] !== 'b') ||
    !kinds.every((kind, index) => validKey(kind, parsed[index + 1]))
  ) {
    throw new BadRequestError(
      'Invalid cursor: use the address in the Link header of the previous page.',
      'invalid_cursor',
    );
  }
  return { direction: parsed[0] === 'a' ? 'after' : 'before', key: (parsed as string[]).slice(1) };
}

function withoutKey<T>(row: T & Keyed): T {
  const { pageKey: _pageKey, ...rest } = row;
  return rest as T;
}

const keyOf = (row: Keyed) => JSON.parse(row.pageKey) as string[];

/**
 * One page of a newest-first list by keyset: `limit` + 1 rows tell whether another page follows,
 * so no count and no OFFSET is ever needed. A page before a cursor that reaches the newest row is
 * the first page, read again so it is always full.
 */
export async function readPage<T>(keyset: Keyset, query: PageQuery, read: PageReader<T>): Promise<Page<T>> {
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  const seek = query.cursor ? decodeCursor(keyset, query.cursor) : undefined;
  const rows = await read(seek, limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);

  if (seek?.direction === 'before') {
    if (!more) return readPage(keyset, { limit }, read);
    page.reverse();
    return {
      items: page.map(withoutKey),
      next: encodeCursor({ direction: 'after', key: keyOf(page[page.length - 1]!) }),
      prev: encodeCursor({ direction: 'before', key: keyOf(page[0]!) }),
    };
  }
  const last = page[page.length - 1];
  const first = page[0];
  return {
    items: page.map(withoutKey),
    next: more && last ? encodeCursor({ direction: 'after', key: keyOf(last) }) : null,
    // After a cursor there is always a newer page; past the end, that is the first page.
    prev: seek ? (first ? encodeCursor({ direction: 'before', key: keyOf(first) }) : '') : null,
  };
}

/**
 * One page of a short list held in memory (the countries, sorted by their localized names): the
 * cursor is the position of the page's first item. Anything but a position inside the list is a 400.
 */
export function pageOfList<T>(all: readonly T[], query: PageQuery): Page<T> {
  const limit = query.limit ?? PAGE_SIZE_DEFAULT;
  let start = 0;
  if (query.cursor !== undefined && query.cursor !== '') {
    start = /^\d{1,6}$/.test(query.cursor) ? Number(query.cursor) : -1;
    if (start < 1 || start >= all.length) {
      throw new BadRequestError(
        'Invalid cursor: use the address in the Link header of the previous page.',
        'invalid_cursor',
      );
    }
  }
  const end = start + limit;
  return {
    items: all.slice(start, end),
    next: end < all.length ? String(end) : null,
    prev: start === 0 ? null : start - limit > 0 ? String(start - limit) : '',
  };
}
