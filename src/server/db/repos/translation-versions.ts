import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

/**
 * How stored translations record what they were made from (docs/decisions/006-translation-versions.md):
 * each row of a translation table carries the source version of the English it translates.
 */

/** A translation table: rows of an owner (a place, city or country) in a language, with a source version. */
type TranslationTable = PgTable & { languageCode: AnyPgColumn; sourceVersion: AnyPgColumn };

/** Language -> the source version each stored translation of `id` was made from (English aside). */
export async function translationVersions(
  db: DbOrTx,
  table: TranslationTable,
  owner: AnyPgColumn,
  id: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ languageCode: sql<string>`${table.languageCode}`, sourceVersion: sql<number>`${table.sourceVersion}` })
    .from(table)
    .where(and(eq(owner, id), ne(table.languageCode, 'en')));
  return new Map(rows.map((row) => [row.languageCode, row.sourceVersion] as const));
}

/**
 * The conflict clause of every stored translation (a place's text, history and trivia, a city's,
 * a country's): the row for (owner, language) is replaced by `set` only when the stored one was made
 * from the same or an older source version, so a slow job never overwrites a newer translation.
 */
export function unlessNewer<Set>(
  key: [owner: AnyPgColumn, languageCode: AnyPgColumn],
  sourceVersion: AnyPgColumn,
  set: Set,
) {
  return { target: key, set, setWhere: sql`${sourceVersion} <= excluded.source_version` };
}
