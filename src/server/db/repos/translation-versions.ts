import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The conflict clause of every stored translation (a place's text, history and trivia, a city's,
 * a country's): the row for (owner, language) is replaced by `set` only when the stored one was made
 * from the same or an older source version, so a slow job never overwrites a newer translation
 * (docs/decisions/006-translation-versions.md).
 */
export function unlessNewer<Set>(
  key: [owner: AnyPgColumn, languageCode: AnyPgColumn],
  sourceVersion: AnyPgColumn,
  set: Set,
) {
  return { target: key, set, setWhere: sql`${sourceVersion} <= excluded.source_version` };
}
