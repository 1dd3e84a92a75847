import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Text `fields` of a row in the language of its joined translation row: each the translation's,
 * or the original (English) where no translation is joined.
 */
export function textIn<const Field extends string>(
  translation: Record<Field, AnyPgColumn>,
  original: Record<Field, AnyPgColumn>,
  fields: readonly Field[],
): Record<Field, SQL<string>> {
  const columns = fields.map((field) => [field, sql<string>`coalesce(${translation[field]}, ${original[field]})`]);
  return Object.fromEntries(columns) as Record<Field, SQL<string>>;
}
