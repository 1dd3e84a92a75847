import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

/**
 * How stored translations record what they were made from (docs/decisions/006-translation-versions.md):
 * each row of a translation table carries the source version of the English it translates.
 */

/** A translation table: rows of an owner (a place, city or country) in a language, with a source version and who wrote it. */
type TranslationTable = PgTable & { languageCode: AnyPgColumn; sourceVersion: AnyPgColumn; origin: AnyPgColumn };

/** One stored translation: the source version it was made from, and whether a person wrote it. */
export interface StoredVersion {
  version: number;
  /** Written or corrected by the admin: no machine write replaces it (decision 014). */
  byPerson: boolean;
}

/** Language -> the stored translation of `id` in that language (English aside). */
export async function translationVersions(
  db: DbOrTx,
  table: TranslationTable,
  owner: AnyPgColumn,
  id: string,
): Promise<Map<string, StoredVersion>> {
  const rows = await db
    .select({
      languageCode: sql<string>`${table.languageCode}`,
      version: sql<number>`${table.sourceVersion}`,
      origin: sql<string>`${table.origin}`,
    })
    .from(table)
    .where(and(eq(owner, id), ne(table.languageCode, 'en')));
  return new Map(rows.map((row) => [row.languageCode, { version: row.version, byPerson: row.origin === 'person' }]));
}

/**
 * The conflict clause of every machine-written translation (a place's text, history and trivia, a
 * city's, a country's): the row for (owner, language) is replaced by `set` only when the stored one
 * was made from the same or an older source version, so a slow job never overwrites a newer
 * translation, and only when a machine wrote it: a person's translation is never overwritten.
 */
export function unlessNewer<Set>(
  key: [owner: AnyPgColumn, languageCode: AnyPgColumn],
  columns: { sourceVersion: AnyPgColumn; origin: AnyPgColumn },
  set: Set,
) {
  return {
    target: key,
    set,
    setWhere: sql`${columns.sourceVersion} <= excluded.source_version and ${columns.origin} = 'machine'`,
  };
}

/**
 * Stores a translation `row` of an owner (`owner` is the table's column naming it) written by a
 * machine or a person. When a row of that owner and language is there, a person's write replaces
 * it with `set` whoever wrote it (decision 014); a machine's does so only under `unlessNewer`.
 */
export async function saveTranslation<T extends TranslationTable>(
  db: DbOrTx,
  writer: 'machine' | 'person',
  table: T,
  owner: AnyPgColumn,
  row: PgInsertValue<T>,
  set: PgUpdateSetSource<T>,
) {
  const key: [AnyPgColumn, AnyPgColumn] = [owner, table.languageCode];
  await db
    .insert(table)
    .values(row)
    .onConflictDoUpdate(writer === 'person' ? { target: key, set } : unlessNewer(key, table, set));
}
