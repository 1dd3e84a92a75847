import { and, eq, exists, inArray, like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { slugify } from '@/shared/slug';
import type { DbOrTx } from '../client';
import { cities, countries, places, slugRedirects, trash } from '../schema';

/**
 * Where slugs live: places, cities and countries share the public address /{lang}/{slug}, an
 * address that moved keeps answering 301 to its new place, and an address of something in the
 * trash waits for its restore, so none of them is free for something else.
 */
const SLUG_COLUMNS: Array<[PgTable, AnyPgColumn]> = [
  [places, places.slug],
  [cities, cities.slug],
  [countries, countries.slug],
  [slugRedirects, slugRedirects.slug],
  [trash, trash.slug],
];

/** Escapes LIKE wildcards so a slug is matched literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every slug equal to `base` or of the form `base-...`, across places, cities and countries: the
 * three share the public address /{lang}/{slug}, so a slug must be unique over all of them.
 */
export async function listSlugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const prefix = `${literal(base)}-%`;
  const taken = new Set<string>();
  // Sequential on purpose: the handle may be a transaction, which runs one query at a time.
  for (const [table, slug] of SLUG_COLUMNS) {
    const rows = await db
      .select({ slug: sql<string>`${slug}` })
      .from(table)
      .where(or(eq(slug, base), like(slug, prefix)));
    for (const row of rows) taken.add(row.slug);
  }
  return taken;
}

export type SlugHolder =
  | { kind: 'place'; id: string; title: string; date: string }
  | { kind: 'city' | 'country'; id: string }
  | { kind: 'moved' }
  | { kind: 'trashed'; title: string };

/** What holds `slug` now: a place, a city, a country, an old address that moved, something in the trash, or nothing. */
export async function slugHolder(db: DbOrTx, slug: string): Promise<SlugHolder | undefined> {
  const [place] = await db
    .select({ id: places.id, title: places.title, date: places.date })
    .from(places)
    .where(eq(places.slug, slug));
  if (place) return { kind: 'place', ...place };
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, slug));
  if (city) return { kind: 'city', id: city.id };
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.slug, slug));
  if (country) return { kind: 'country', id: country.id };
  const [moved] = await db.select({ slug: slugRedirects.slug }).from(slugRedirects).where(eq(slugRedirects.slug, slug));
  if (moved) return { kind: 'moved' };
  const [trashed] = await db.select({ title: trash.title }).from(trash).where(eq(trash.slug, slug));
  return trashed ? { kind: 'trashed', title: trashed.title } : undefined;
}

const TABLES = { place: places, city: cities, country: countries } as const;

/**
 * Gives a place, city or country the address `to` instead of `from`; `from` (and every address that
 * pointed at it) answers 301 to `to` from now on, and `to` stops being an old address.
 */
export async function moveSlug(
  db: DbOrTx,
  kind: keyof typeof TABLES,
  id: string,
  from: string,
  to: string,
): Promise<void> {
  const table = TABLES[kind];
  await db.delete(slugRedirects).where(eq(slugRedirects.slug, to));
  await db.update(table).set({ slug: to }).where(eq(table.id, id));
  await db.update(slugRedirects).set({ targetSlug: to }).where(eq(slugRedirects.targetSlug, from));
  await db
    .insert(slugRedirects)
    .values({ slug: from, targetSlug: to })
    .onConflictDoUpdate({ target: slugRedirects.slug, set: { targetSlug: to } });
}

/** Gives a place, city or country an address when it had none (no old address to forward). */
export async function setSlug(db: DbOrTx, kind: keyof typeof TABLES, id: string, slug: string): Promise<void> {
  const table = TABLES[kind];
  await db.update(table).set({ slug }).where(eq(table.id, id));
}

/** A free address taken back by a city or country: it is no longer an old address. */
export async function forgetMovedSlug(db: DbOrTx, slug: string): Promise<void> {
  await db.delete(slugRedirects).where(eq(slugRedirects.slug, slug));
}

/** Where an address that moved lives now. */
export async function movedSlugTarget(db: DbOrTx, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ target: slugRedirects.targetSlug })
    .from(slugRedirects)
    .where(eq(slugRedirects.slug, slug));
  return row?.target;
}

/**
 * Where an address that moved lives now, when a visitor may see it there: a published place, a city
 * or a country. A draft's old addresses answer 404 like the draft itself, so its new address never
 * shows through them; once it is published they forward again.
 */
export async function publicMovedSlugTarget(db: DbOrTx, slug: string): Promise<string | undefined> {
  const target = slugRedirects.targetSlug;
  const [row] = await db
    .select({ target })
    .from(slugRedirects)
    .where(
      and(
        eq(slugRedirects.slug, slug),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(places)
              .where(and(eq(places.slug, target), eq(places.state, 'published'))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(cities)
              .where(eq(cities.slug, target)),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(countries)
              .where(eq(countries.slug, target)),
          ),
        ),
      ),
    );
  return row?.target;
}

/** The places whose address is their city's or country's name, with what they are named after (a one-time repair at start). */
export async function listPlaceSlugs(db: DbOrTx) {
  // Only places whose slug is a city's or country's name can need the repair: the distinct towns
  // (an index-only scan), then those slugs (the unique slug index), not every place.
  const towns = await db.selectDistinct({ location: places.location, country: places.country }).from(places);
  const candidates = [...new Set(towns.flatMap((town) => [slugify(town.location), slugify(town.country)]))];
  if (candidates.length === 0) return [];
  return db
    .select({
      id: places.id,
      slug: places.slug,
      title: places.title,
      location: places.location,
      country: places.country,
      date: places.date,
    })
    .from(places)
    .where(inArray(places.slug, candidates));
}

/** Every city's and country's address with its name (a one-time repair at start). */
export async function listAreaSlugs(db: DbOrTx) {
  const cityRows = await db.select({ id: cities.id, slug: cities.slug, name: cities.name }).from(cities);
  const countryRows = await db.select({ id: countries.id, slug: countries.slug, name: countries.name }).from(countries);
  return [
    ...cityRows.map((row) => ({ kind: 'city' as const, ...row })),
    ...countryRows.map((row) => ({ kind: 'country' as const, ...row })),
  ];
}
