import { and, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { TrashKind } from '@/shared/api/trash';
import type { DbOrTx } from '../client';
import { trash } from '../schema';

export type TrashRow = typeof trash.$inferSelect;

export function insertTrash(tx: DbOrTx, row: typeof trash.$inferInsert) {
  return tx.insert(trash).values(row);
}

/** Everything in the trash, newest deletions first. */
export function listTrash(db: DbOrTx): Promise<TrashRow[]> {
  return db.select().from(trash).orderBy(desc(trash.deletedAt), desc(trash.id));
}

/** Takes one item out of the trash (a restore), or undefined when it is not there. */
export async function takeTrash(tx: DbOrTx, kind: TrashKind, entityId: string): Promise<TrashRow | undefined> {
  const [row] = await tx
    .delete(trash)
    .where(and(eq(trash.kind, kind), eq(trash.entityId, entityId)))
    .returning();
  return row;
}

/** Deletes the items of `where` for good; answers what they were. */
export function deleteTrash(tx: DbOrTx, where?: SQL) {
  return tx
    .delete(trash)
    .where(where)
    .returning({ kind: trash.kind, entityId: trash.entityId, mediaUrls: trash.mediaUrls });
}

export const oneItem = (kind: TrashKind, entityId: string) => and(eq(trash.kind, kind), eq(trash.entityId, entityId));
export const expiredBy = (now: Date) => lte(trash.expiresAt, now);
