import type { DbOrTx } from '../client';

/**
 * One prepared statement per database handle and query: the first call on a handle prepares it,
 * every later call reuses it (PostgreSQL then skips parsing and planning the hot reads).
 */
export function preparedOnce<T>(prepare: (db: DbOrTx) => T) {
  const statements = new WeakMap<DbOrTx, T>();
  return (db: DbOrTx): T => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
