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

/**
 * Sets a place's state; answers its title and address, or undefined when there is no such place.
 * An unknown place is found out before any UPDATE: even one that changes no row fires the
 * content-version trigger (per statement) and would empty every cache for nothing.
 */
export async function setPlaceState(db: DbOrTx, id: string, state: PlaceState) {
  return db.transaction(async (tx) => {
    const [place] = await tx
      .select({ title: places.title, slug: places.slug })
      .from(places)
      .where(eq(places.id, id))
      .for('update');
    if (!place) return undefined;
    await tx.update(places).set({ state }).where(eq(places.id, id));
    return place;
  });
}

/** The state of the place at `slug`, if there is one. */
export async function findStateBySlug(db: DbOrTx, slug: string): Promise<PlaceState | undefined> {
  const rows = await db.select({ state: places.state }).from(places).where(eq(places.slug, slug));
  return rows[0]?.state;
}
