import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../client';
import { contentVersion } from '../schema';

/** The version of the public content; database triggers bump it with every content write. */
export async function readContentVersion(db: DbOrTx): Promise<number> {
  const rows = await db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1));
  return rows[0]?.version ?? 0;
}

/** The same read as a prepared statement: it runs before every cached answer on PostgreSQL. */
export function preparedContentVersionRead(db: Database): () => Promise<number> {
  const statement = db
    .select({ version: contentVersion.version })
    .from(contentVersion)
    .where(eq(contentVersion.id, 1))
    .prepare('read_content_version');
  return async () => {
    const rows = await statement.execute();
    return rows[0]?.version ?? 0;
  };
}
