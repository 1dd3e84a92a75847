import { desc, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { cities, countries, places } from '../schema';

export interface SitemapEntry {
  slug: string;
  /** ISO date of the last change we know of. */
  lastModified: string | undefined;
}

const isoDay = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : undefined);

/** Every public slug: countries, cities and places (places without a slug have no page). */
export async function listPublicSlugs(db: DbOrTx): Promise<{
  countries: SitemapEntry[];
  cities: SitemapEntry[];
  places: SitemapEntry[];
}> {
  const [countryRows, cityRows, placeRows] = await Promise.all([
    db.select({ slug: countries.slug, at: countries.createdAt }).from(countries).orderBy(desc(countries.createdAt)),
    db.select({ slug: cities.slug, at: cities.createdAt }).from(cities).orderBy(desc(cities.createdAt)),
    db
      .select({ slug: places.slug, at: places.createdAt })
      .from(places)
      .where(isNotNull(places.slug))
      .orderBy(desc(places.createdAt)),
  ]);
  const entries = (rows: { slug: string | null; at: Date | null }[]) =>
    rows.flatMap((row) => (row.slug ? [{ slug: row.slug, lastModified: isoDay(row.at) }] : []));
  return { countries: entries(countryRows), cities: entries(cityRows), places: entries(placeRows) };
}
