import { eq, like, or } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { cities, countries, places } from '../schema';

/** Escapes LIKE wildcards so a slug is matched literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every slug equal to `base` or of the form `base-...`, across places, cities and countries: the
 * three share the public address /{lang}/{slug}, so a slug must be unique over all of them.
 */
export async function listSlugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const prefix = `${literal(base)}-%`;
  // Sequential on purpose: the handle may be a transaction, which runs one query at a time.
  const placeRows = await db
    .select({ slug: places.slug })
    .from(places)
    .where(or(eq(places.slug, base), like(places.slug, prefix)));
  const cityRows = await db
    .select({ slug: cities.slug })
    .from(cities)
    .where(or(eq(cities.slug, base), like(cities.slug, prefix)));
  const countryRows = await db
    .select({ slug: countries.slug })
    .from(countries)
    .where(or(eq(countries.slug, base), like(countries.slug, prefix)));
  const taken = new Set<string>();
  for (const row of [...placeRows, ...cityRows, ...countryRows]) if (row.slug) taken.add(row.slug);
  return taken;
}

/** Is `slug` used by any place, city or country? */
export async function isSlugTaken(db: DbOrTx, slug: string): Promise<boolean> {
  return (await listSlugsLike(db, slug)).has(slug);
}
