import { SLUG_MAX_LENGTH } from '../../shared/limits';
import { RESERVED_SLUGS, SLUG_BASE_MAX_LENGTH, slugify } from '../../shared/slug';
import { BadRequestError } from '../errors';
import type { Database, DbOrTx } from '../db/client';
import { sql } from 'drizzle-orm';
import { getSetting, setSettingIfAbsent } from '../db/repos/auth-repo';
import {
  forgetMovedSlug,
  listAreaSlugs,
  listPlaceSlugs,
  listSlugsLike,
  movedSlugTarget,
  moveSlug,
  setSlug,
  slugHolder,
} from '../db/repos/slugs-repo';

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

/** Moves a place off an address that belongs to a city or country; its old address answers 301. */
async function movePlaceAside(tx: DbOrTx, place: { id: string; title: string; date: string }, from: string) {
  await moveSlug(tx, 'place', place.id, from, await uniqueSlug(tx, `${place.title} ${place.date}`));
}

/**
 * The address of a new city or country: the slug of its name, as the Add City and Add Country
 * dialogs promise. A place that holds it (from before places kept off such names) moves aside to
 * "<its title> <its date>", its old address answering 301. Only another city or country of the
 * same spelling (Paris, France and Paris, Texas) makes it "-2". Call inside the inserting transaction.
 */
export async function claimAreaSlug(tx: DbOrTx, name: string): Promise<string> {
  const base = slugify(name);
  if (RESERVED_SLUGS.has(base)) return uniqueSlug(tx, name);
  const holder = await slugHolder(tx, base);
  if (holder?.kind === 'city' || holder?.kind === 'country' || holder?.kind === 'trashed') return uniqueSlug(tx, name);
  if (holder?.kind === 'place') await movePlaceAside(tx, holder, base);
  // The name's address is the city's or country's from now on, not an old address of the place.
  if (holder) await forgetMovedSlug(tx, base);
  return base;
}

const NAMESPACE_REPAIRED = 'slug-namespace-v1';
/** First key of the advisory lock of the repair (any constant unused elsewhere). */
const REPAIR_LOCK_SPACE = 0x536c75; // "Slu"

/**
 * Once per database: places that hold the bare name of their own city or country move aside (old
 * address -> 301), and a city or country that got "-2" because a place held its name takes its own
 * address back (its "-2" address -> 301). Answers how many addresses moved.
 */
export async function repairSlugNamespace(db: Database): Promise<number> {
  if (await getSetting(db, NAMESPACE_REPAIRED)) return 0;
  return db.transaction(async (tx) => {
    // Instances starting together: one repairs, the others then find it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${REPAIR_LOCK_SPACE}::int, 0)`);
    if (await getSetting(tx, NAMESPACE_REPAIRED)) return 0;
    let count = 0;
    for (const place of await listPlaceSlugs(tx)) {
      if (!place.slug) continue;
      if (place.slug === slugify(place.location) || place.slug === slugify(place.country)) {
        await movePlaceAside(tx, place, place.slug);
        count++;
      }
    }
    for (const area of await listAreaSlugs(tx)) {
      const base = slugify(area.name);
      if (area.slug === base || RESERVED_SLUGS.has(base) || !area.slug.startsWith(`${base}-`)) continue;
      const holder = await slugHolder(tx, base);
      if (holder?.kind === 'city' || holder?.kind === 'country' || holder?.kind === 'trashed') continue;
      if (holder?.kind === 'place') {
        await movePlaceAside(tx, holder, base);
        count++;
      }
      await moveSlug(tx, area.kind, area.id, area.slug, base); // also forgets `base` as an old address
      count++;
    }
    await setSettingIfAbsent(tx, NAMESPACE_REPAIRED, new Date().toISOString());
    return count;
  });
}

const KIND_NAMES = { place: 'the place', city: 'the city', country: 'the country' } as const;

/**
 * A web address chosen by the admin (Edit Place, Edit City, Edit Country): written as the slug
 * rule writes them, not reserved, and free in the one namespace. The old address answers 301 to
 * the new one from then on, in every language; the entity's own old addresses may be taken back.
 */
export async function changeSlug(
  tx: DbOrTx,
  kind: 'place' | 'city' | 'country',
  id: string,
  current: string | null,
  requested: string,
): Promise<void> {
  if (requested === current) return;
  if (!requested || slugify(requested) !== requested || requested.length > SLUG_BASE_MAX_LENGTH) {
    throw new BadRequestError(
      `“${requested}” cannot be a web address: use lowercase letters a–z, digits and hyphens (at most ${SLUG_BASE_MAX_LENGTH} characters), for example “${slugify(requested || 'eiffel tower at night')}”.`,
      'slug_invalid',
    );
  }
  if (RESERVED_SLUGS.has(requested)) {
    throw new BadRequestError(
      `“${requested}” is one of the site’s own addresses. Choose another web address.`,
      'slug_reserved',
    );
  }
  const holder = await slugHolder(tx, requested);
  if (holder?.kind === 'trashed') {
    throw new BadRequestError(
      `The web address “${requested}” belongs to “${holder.title}”, which is in the Trash and may be restored. Choose another web address, or delete it forever from Trash first.`,
      'slug_taken',
    );
  }
  if (holder && holder.kind !== 'moved' && !(holder.kind === kind && holder.id === id)) {
    const what = holder.kind === 'place' ? `the place “${holder.title}”` : KIND_NAMES[holder.kind];
    throw new BadRequestError(
      `The web address “${requested}” is already used by ${what}. Choose another web address.`,
      'slug_taken',
    );
  }
  if (holder?.kind === 'moved' && (await movedSlugTarget(tx, requested)) !== current) {
    throw new BadRequestError(
      `The web address “${requested}” used to belong to another page and still forwards visitors there. Choose another web address.`,
      'slug_taken',
    );
  }
  if (current) await moveSlug(tx, kind, id, current, requested);
  else await setSlug(tx, kind, id, requested);
}
