import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PlaceDto } from '@/shared/api/public';

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

/**
 * Who wrote the text shown (decision 032): the translation's writer (a person, else a model), else
 * the English source's (`machine` is a model, `data` the offline writer from the photo's data).
 */
export const writtenBy = (sourceOrigin: AnyPgColumn, t: { id: AnyPgColumn; origin: AnyPgColumn }) =>
  sql<PlaceDto['writtenBy']>`(case when ${t.id} is null then (case when ${sourceOrigin} = 'machine' then 'model'
    else ${sourceOrigin} end) when ${t.origin} = 'person' then 'person' else 'model' end)`;
