import type { DbOrTx } from '../db/client';
import { adminFingerprint } from '../db/repos/review-repo';

/** Kept answers per memo: a handful of fixed reads each. */
const KEPT_MAX = 16;

/**
 * Answers of costly admin reads over every place (counts, the Filter by City choices, the missing
 * cities and countries: a second or more at 100,000 places), kept until what they are made from
 * changes: each call reads the content version, the failures' and the trash's fingerprint (one
 * cheap query) and computes again when it moved. Never stale after a write, on any instance.
 */
export function createAdminMemo(db: DbOrTx) {
  const kept = new Map<string, { fingerprint: string; value: Promise<unknown> }>();
  return async function memo<T>(key: string, compute: () => PromiseLike<T>): Promise<T> {
    const fingerprint = await adminFingerprint(db);
    const entry = kept.get(key);
    if (entry?.fingerprint === fingerprint) return entry.value as Promise<T>;
    // Adopted once: a query builder returned as it is would run its query again on every await.
    const value = Promise.resolve(compute());
    kept.delete(key);
    kept.set(key, { fingerprint, value });
    if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
    // a failed read is not kept
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
