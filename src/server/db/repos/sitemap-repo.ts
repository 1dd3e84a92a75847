import { and, asc, between, eq, max, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { cities, countries, places, sitemapChunks, sitemapChunkSizes } from '../schema';

/** The kinds of page listed in chunks, one sitemap child per chunk. */
export type SitemapKind = 'countries' | 'cities' | 'places';

export interface SitemapEntry {
  slug: string;
  /** W3C datetime (UTC, whole seconds) of the row's last change. */
  lastModified: string | undefined;
}

export interface SitemapChunk {
  /** 1-based: chunk N holds the rows numbered (N-1)*size+1 ... N*size (`sitemap_seq`, kept for good). */
  number: number;
  /** The newest change among the chunk's listed rows; undefined when it lists none. */
  lastModified: string | undefined;
}

/** A timestamp as W3C datetime text, formatted by the database so both engines answer the same. */
const w3cTime = (value: SQL | AnyColumn) =>
  sql<string | null>`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Whether a row has a page of its own to list (migration 0018's `sitemap_listed`, which the triggers use too). */
const listed = (kind: SitemapKind, state: SQL | AnyColumn | null, slug: AnyColumn) =>
  sql`sitemap_listed(${kind}, ${state ?? sql`null`}, ${slug})`;

/**
 * Slug resolution takes a country before a city before a place, so a path is listed once: with the
 * first kind that answers it, never with a later one. A place without a slug has no page; a draft
 * has none for visitors.
 */
const SOURCES = {
  countries: { table: countries, seq: countries.sitemapSeq, slug: countries.slug, updatedAt: countries.updatedAt },
  cities: { table: cities, seq: cities.sitemapSeq, slug: cities.slug, updatedAt: cities.updatedAt },
  places: { table: places, seq: places.sitemapSeq, slug: places.slug, updatedAt: places.updatedAt },
} as const;
const listedIn = (kind: SitemapKind) => listed(kind, kind === 'places' ? places.state : null, SOURCES[kind].slug);

const checkedSize = (size: number) => {
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`Invalid sitemap chunk size: ${size}`);
  return size;
};

/**
 * Makes sure the triggers keep the chunks of `size` (the server's size is registered by migration
 * 0018): a new size is built once from the rows, with writes to the three tables held meanwhile so
 * none is missed.
 */
async function registerChunkSize(db: DbOrTx, size: number): Promise<void> {
  const known = await db
    .select({ size: sitemapChunkSizes.size })
    .from(sitemapChunkSizes)
    .where(eq(sitemapChunkSizes.size, size));
  if (known.length > 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${countries}, ${cities}, ${places} in share row exclusive mode`);
    const added = await tx
      .insert(sitemapChunkSizes)
      .values({ size })
      .onConflictDoNothing()
      .returning({ size: sitemapChunkSizes.size });
    if (added.length > 0) await tx.execute(sql`select sitemap_chunks_build(${size}::int)`);
  });
}

/**
 * Every chunk of `size` rows of a kind that holds a row, with the newest change among the rows it
 * lists: kept by triggers (sitemap_chunks), so the sitemap index reads one row per child.
 */
export async function listSitemapChunks(db: DbOrTx, kind: SitemapKind, size: number): Promise<SitemapChunk[]> {
  if (checkedSize(size) > 2_147_483_647) throw new Error(`Invalid sitemap chunk size: ${size}`);
  await registerChunkSize(db, size);
  const rows = await db
    .select({ number: sitemapChunks.number, lastModified: w3cTime(sitemapChunks.lastModified) })
    .from(sitemapChunks)
    .where(and(eq(sitemapChunks.kind, kind), eq(sitemapChunks.size, size)))
    .orderBy(asc(sitemapChunks.number));
  return rows.map((row) => ({ number: Number(row.number), lastModified: row.lastModified ?? undefined }));
}

/**
 * The listed rows of chunk `number` (see SitemapChunk), in number order, or undefined when the
 * chunk holds no row: a range of the kind's sitemap_seq index.
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
  const inChunk = between(source.seq, sql`${(number - 1) * size + 1}::bigint`, sql`${number * size}::bigint`);
  const rows = await db
    .select({ slug: source.slug, lastModified: w3cTime(source.updatedAt) })
    .from(source.table)
    .where(and(inChunk, listedIn(kind)))
    .orderBy(asc(source.seq));
  if (rows.length === 0) {
    const [any] = await db.select({ seq: source.seq }).from(source.table).where(inChunk).limit(1);
    if (!any) return undefined;
  }
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
