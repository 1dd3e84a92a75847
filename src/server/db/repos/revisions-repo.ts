import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { revisions } from '../schema';

/** How many revisions of one entity are kept; older ones go when a new one is written. */
export const REVISIONS_KEPT = 50;

export type RevisionEntity = 'place' | 'city' | 'country';

/** Keeps a revision and lets the oldest beyond REVISIONS_KEPT go, in the writing transaction. */
export async function insertRevision(
  tx: DbOrTx,
  row: {
    entityType: RevisionEntity;
    entityId: string;
    author: string;
    summary: string;
    snapshot: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(revisions).values(row);
  const newest = tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.entityType, row.entityType), eq(revisions.entityId, row.entityId)))
    .orderBy(desc(revisions.id))
    .limit(REVISIONS_KEPT);
  await tx
    .delete(revisions)
    .where(
      and(
        eq(revisions.entityType, row.entityType),
        eq(revisions.entityId, row.entityId),
        notInArray(revisions.id, newest),
      ),
    );
}

/** An entity's revisions, newest first, without their snapshots. */
export function listRevisions(db: DbOrTx, entityType: RevisionEntity, entityId: string) {
  return db
    .select({ id: revisions.id, createdAt: revisions.createdAt, author: revisions.author, summary: revisions.summary })
    .from(revisions)
    .where(and(eq(revisions.entityType, entityType), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.id));
}

/** One revision of this entity, with its snapshot. */
export async function findRevision(db: DbOrTx, entityType: RevisionEntity, entityId: string, id: number) {
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, id), eq(revisions.entityType, entityType), eq(revisions.entityId, entityId)));
  return row;
}

/** Forgets the history of entities that are gone for good (the trash was emptied). */
export async function deleteRevisionsOf(db: DbOrTx, entityType: RevisionEntity, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await db.delete(revisions).where(and(eq(revisions.entityType, entityType), inArray(revisions.entityId, entityIds)));
}
