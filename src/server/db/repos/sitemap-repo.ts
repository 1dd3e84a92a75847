import {
  and,
  asc,
  eq,
  gte,
  isNotNull,
  lt,
  max,
  notExists,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { cities, countries, places } from '../schema';

/** The kinds of page listed in chunks, one sitemap child per chunk. */
export type SitemapKind = 'countries' | 'cities' | 'places';

export interface SitemapEntry {
  slug: string;
  /** W3C datetime (UTC, whole seconds) of the row's last change. */
  lastModified: string | undefined;
}

export interface SitemapChunk {
  /** 1-based: chunk N holds rows (N-1)*size+1 ... N*size of the table in (created_at, id) order. */
  number: number;
  /** The newest change among the chunk's listed rows; undefined when it lists none. */
  lastModified: string | undefined;
}

/** The site's own pages, /{lang}/home, /countries and /map: a row with such a slug has no page of its own. */
const SITE_PAGE_SLUGS = ['home', 'countries', 'map'];

/** A timestamp as W3C datetime text, formatted by the database so both engines answer the same. */
const w3cTime = (value: SQL | AnyColumn) =>
  sql<string | null>`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A sort key exactly (microseconds included), to seek from without a JS Date rounding it. */
const keyTime = (value: AnyColumn) =>
  sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** No row of the table of `earlier` (a kind slug resolution tries first) has the slug `slug`. */
const slugFree = (earlier: typeof countries.slug | typeof cities.slug, slug: typeof cities.slug | typeof places.slug) =>
  notExists(sql`(select 1 from ${earlier.table} where ${earlier} = ${slug})`);

/**
 * Slug resolution takes a country before a city before a place, so a path is listed once: with the
 * first kind that answers it, never with a later one.
 */
const SOURCES = {
  countries: {
    table: countries,
    createdAt: countries.createdAt,
    id: countries.id,
    slug: countries.slug,
    updatedAt: countries.updatedAt,
    listed: notInArray(countries.slug, SITE_PAGE_SLUGS),
  },
  cities: {
    table: cities,
    createdAt: cities.createdAt,
    id: cities.id,
    slug: cities.slug,
    updatedAt: cities.updatedAt,
    listed: and(notInArray(cities.slug, SITE_PAGE_SLUGS), slugFree(countries.slug, cities.slug))!,
  },
  places: {
    table: places,
    createdAt: places.createdAt,
    id: places.id,
    slug: places.slug,
    updatedAt: places.updatedAt,
    // A place without a slug has no page; a draft has none for visitors.
    listed: and(
      eq(places.state, 'published'),
      isNotNull(places.slug),
      notInArray(places.slug, SITE_PAGE_SLUGS),
      slugFree(countries.slug, places.slug),
      slugFree(cities.slug, places.slug),
    )!,
  },
} as const;

const checkedSize = (size: number) => {
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`Invalid sitemap chunk size: ${size}`);
  return size;
};

/**
 * Every chunk of `size` rows of a kind, in (created_at, id) order, with the newest change among the
 * rows it lists: one pass over the table, for the sitemap index.
 */
export async function listSitemapChunks(db: DbOrTx, kind: SitemapKind, size: number): Promise<SitemapChunk[]> {
  const source = SOURCES[kind];
  const ranked = db
    .select({
      updatedAt: source.updatedAt,
      listed: sql<boolean>`${source.listed}`.as('listed'),
      position: sql<number>`row_number() over (order by ${source.createdAt}, ${source.id})`.as('position'),
    })
    .from(source.table)
    .as('ranked');
  // The size is a checked integer written into the SQL, so GROUP BY matches the selected expression.
  const chunk = sql<number>`((${ranked.position} - 1) / ${sql.raw(String(checkedSize(size)))} + 1)::int`;
  const rows = await db
    .select({
      number: chunk,
      lastModified: w3cTime(sql`max(${ranked.updatedAt}) filter (where ${ranked.listed})`),
    })
    .from(ranked)
    .groupBy(chunk)
    .orderBy(chunk);
  return rows.map((row) => ({ number: Number(row.number), lastModified: row.lastModified ?? undefined }));
}

/**
 * The listed rows of chunk `number` (see SitemapChunk), oldest first, or undefined when the table
 * has no such chunk. Its bounds are read by offset on the (created_at, id) index, its rows by keyset.
 */
export async function readSitemapChunk(
  db: DbOrTx,
  kind: SitemapKind,
  size: number,
  number: number,
): Promise<SitemapEntry[] | undefined> {
  const source = SOURCES[kind];
  checkedSize(size);
  if (!Number.isSafeInteger(number) || number < 1 || !Number.isSafeInteger(number * size)) return undefined;
  const keyAt = async (offset: number) => {
    // The bound is formatted after the offset, not once for every row the offset skips.
    const bound = db
      .select({ createdAt: source.createdAt, id: source.id })
      .from(source.table)
      .orderBy(asc(source.createdAt), asc(source.id))
      .offset(offset)
      .limit(1)
      .as('bound');
    const [row] = await db
      .select({ createdAt: keyTime(bound.createdAt), id: sql<string>`${bound.id}::text` })
      .from(bound);
    return row;
  };
  // Sequential on purpose: the handle may be a transaction, which runs one query at a time.
  const first = await keyAt((number - 1) * size);
  if (!first) return undefined;
  const next = await keyAt(number * size);
  const key = sql`(${source.createdAt}, ${source.id})`;
  const at = (row: { createdAt: string; id: string }) =>
    sql`(cast(${row.createdAt} as timestamptz), cast(${row.id} as uuid))`;
  const rows = await db
    .select({ slug: source.slug, lastModified: w3cTime(source.updatedAt) })
    .from(source.table)
    .where(and(gte(key, at(first)), next ? lt(key, at(next)) : undefined, source.listed))
    .orderBy(asc(source.createdAt), asc(source.id));
  return rows.flatMap((row) => (row.slug ? [{ slug: row.slug, lastModified: row.lastModified ?? undefined }] : []));
}

/** The newest change of any place (the home page lists them) and of any country (the countries page). */
export async function readLatestChanges(
  db: DbOrTx,
): Promise<{ places: string | undefined; countries: string | undefined }> {
  const [placeRow] = await db.select({ at: w3cTime(max(places.updatedAt)) }).from(places);
  const [countryRow] = await db.select({ at: w3cTime(max(countries.updatedAt)) }).from(countries);
  return { places: placeRow?.at ?? undefined, countries: countryRow?.at ?? undefined };
}
