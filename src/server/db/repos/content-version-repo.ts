import { asc, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import { contentChanges, contentVersion } from '../schema';

/** Where the content stands: the version triggers bump with every content write, and how far change rows were pruned. */
export interface ContentPosition {
  version: number;
  prunedThrough: number;
}

const positionColumns = { version: contentVersion.version, prunedThrough: contentVersion.prunedThrough };

export async function readContentPosition(db: DbOrTx): Promise<ContentPosition> {
  const rows = await db.select(positionColumns).from(contentVersion).where(eq(contentVersion.id, 1));
  return rows[0] ?? { version: 0, prunedThrough: 0 };
}

/** The same read as a prepared statement: it runs before every cached answer on PostgreSQL. */
export function preparedContentPositionRead(db: Database): () => Promise<ContentPosition> {
  const statement = db
    .select(positionColumns)
    .from(contentVersion)
    .where(eq(contentVersion.id, 1))
    .prepare('read_content_position');
  return async () => (await statement.execute())[0] ?? { version: 0, prunedThrough: 0 };
}

export interface ContentChange {
  seq: number;
  tag: string;
}

/** The newest change row's number (0 when there is none). */
export async function lastChangeSeq(db: DbOrTx): Promise<number> {
  const rows = await db.select({ seq: max(contentChanges.seq) }).from(contentChanges);
  return Number(rows[0]?.seq ?? 0);
}

/** Change rows after `seq`, oldest first, at most `limit`. */
export function readChangesSince(db: DbOrTx, seq: number, limit: number): Promise<ContentChange[]> {
  return db
    .select({ seq: contentChanges.seq, tag: contentChanges.tag })
    .from(contentChanges)
    .where(gt(contentChanges.seq, seq))
    .orderBy(asc(contentChanges.seq))
    .limit(limit);
}

/**
 * Deletes change rows written before `before` (every instance applied them long ago) and records
 * how far rows are gone, so an instance that had not applied them knows to forget everything.
 */
export async function pruneChanges(db: Database, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(contentChanges)
      .where(lt(contentChanges.changedAt, before))
      .returning({ seq: contentChanges.seq });
    if (gone.length === 0) return 0;
    const through = gone.reduce((most, row) => Math.max(most, row.seq), 0);
    await tx
      .update(contentVersion)
      .set({ prunedThrough: sql`greatest(${contentVersion.prunedThrough}, ${through})` })
      .where(eq(contentVersion.id, 1));
    return gone.length;
  });
}
