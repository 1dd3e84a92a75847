import { eq } from 'drizzle-orm';
import type { PlaceState } from '@/shared/api/publishing';
import type { DbOrTx } from '../client';
import { places, settings } from '../schema';

const NEW_UPLOADS = 'new_uploads';

/** The stored choice of what an upload becomes, if the admin has made one. */
export async function readNewUploads(db: DbOrTx): Promise<string | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, NEW_UPLOADS));
  return rows[0]?.value;
}

export async function writeNewUploads(db: DbOrTx, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key: NEW_UPLOADS, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

const GROUP_WITHIN = 'group_within_meters';

/** The stored grouping distance of uploads in metres, if the admin has set one. */
export async function readGroupWithin(db: DbOrTx): Promise<string | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, GROUP_WITHIN));
  return rows[0]?.value;
}

export async function writeGroupWithin(db: DbOrTx, metres: number): Promise<void> {
  const value = String(metres);
  await db
    .insert(settings)
    .values({ key: GROUP_WITHIN, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/**
 * Sets a place's state; answers its title, or undefined when there is no such place. Nothing is
 * written when the place is missing or already in that state: even an UPDATE of no rows would bump
 * the content version (a statement trigger) and empty every cache.
 */
export async function setPlaceState(db: DbOrTx, id: string, state: PlaceState) {
  const [place] = await db.select({ title: places.title, state: places.state }).from(places).where(eq(places.id, id));
  if (place && place.state !== state) await db.update(places).set({ state }).where(eq(places.id, id));
  return place;
}

/** The state of the place at `slug`, if there is one. */
export async function findStateBySlug(db: DbOrTx, slug: string): Promise<PlaceState | undefined> {
  const rows = await db.select({ state: places.state }).from(places).where(eq(places.slug, slug));
  return rows[0]?.state;
}
