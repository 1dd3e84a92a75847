import { SLUG_MAX_LENGTH } from '../../shared/limits';
import { RESERVED_SLUGS, slugify } from '../../shared/slug';
import type { DbOrTx } from '../db/client';
import { listSlugsLike } from '../db/repos/slugs-repo';

/**
 * The text a place's slug is made from: its title, unless that would take the bare address of its
 * own city's or country's name (those belong to the city and country pages, which may be created
 * later: the Add City dialog promises /rome), then the title and the date ("rome-2024-05-17").
 */
export function placeSlugText(title: string, where: { city: string; country: string; date: string }): string {
  const base = slugify(title);
  return base === slugify(where.city) || base === slugify(where.country) ? `${title} ${where.date}` : title;
}

/**
 * A slug for `text` not yet used by any place, city or country ("paris", then "paris-2", ...).
 * Call inside the transaction that inserts the row; the unique indexes remain the last word.
 */
export async function uniqueSlug(db: DbOrTx, text: string): Promise<string> {
  const base = slugify(text);
  const taken = await listSlugsLike(db, base);
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate) && candidate.length <= SLUG_MAX_LENGTH) return candidate;
  }
}
