import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** How a sort column's value travels in a cursor: as text, checked before it reaches SQL. */
export type KeyKind = 'text' | 'timestamp' | 'uuid';

export interface KeysetColumn {
  column: AnyColumn;
  kind: KeyKind;
}

/** Keyset paging over columns sorted all descending (newest first); each list names its own. */
export interface Keyset {
  columns: KeysetColumn[];
}

/** Where to continue: the rows after (older than) or before (newer than) the row with `key`. */
export interface Seek {
  direction: 'after' | 'before';
  key: string[];
}

/** A row of a paged query carries its sort key as JSON text, for the cursor of the page. */
export interface Keyed {
  pageKey: string;
}

function keyText({ column, kind }: KeysetColumn): SQL {
  // Microseconds matter: two places created in the same millisecond still get distinct keys.
  if (kind === 'timestamp') return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql`${column}::text`;
}

const castFor: Record<KeyKind, SQL> = {
  text: sql.raw('text'),
  timestamp: sql.raw('timestamptz'),
  uuid: sql.raw('uuid'),
};

/** The select expression for `pageKey`. */
export function pageKeyColumn(keyset: Keyset): SQL<string> {
  return sql<string>`json_build_array(${sql.join(keyset.columns.map(keyText), sql`, `)})::text`;
}

/** A row comparison the (ascending) composite index answers: `(a, b, c) < (x, y, z)`. */
export function seekCondition(keyset: Keyset, seek: Seek | undefined): SQL | undefined {
  if (!seek) return undefined;
  const columns = sql.join(
    keyset.columns.map(({ column }) => sql`${column}`),
    sql`, `,
  );
  const values = sql.join(
    keyset.columns.map(({ kind }, index) => sql`cast(${seek.key[index]} as ${castFor[kind]})`),
    sql`, `,
  );
  return seek.direction === 'after' ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
}

/** Newest first; a page before a cursor is read oldest first from there, then turned around. */
export function keysetOrder(keyset: Keyset, seek: Seek | undefined): SQL[] {
  const descending = seek?.direction !== 'before';
  return keyset.columns.map(({ column }) => (descending ? sql`${column} desc` : sql`${column} asc`));
}
