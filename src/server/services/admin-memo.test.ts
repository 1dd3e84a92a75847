import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { createAdminMemo } from './admin-memo';

/** A database whose content fingerprint is whatever `state.fingerprint` says. */
function fakeDatabase(state: { fingerprint: string }) {
  return { execute: () => Promise.resolve([{ fingerprint: state.fingerprint }]) } as unknown as DbOrTx;
}

/** A query as Drizzle builds it: not a promise, but a thenable that runs its SQL on every await. */
function countingQuery<T>(rows: T) {
  let runs = 0;
  const query: PromiseLike<T> & { readonly runs: number } = {
    get runs() {
      return runs;
    },
    then(onfulfilled, onrejected) {
      runs++;
      return Promise.resolve(rows).then(onfulfilled, onrejected);
    },
  };
  return query;
}

describe('admin reads over every place, kept until the content changes', () => {
  it('runs a query once however often the missing cities are asked for, and again after a change', async () => {
    const state = { fingerprint: 'v1' };
    const memo = createAdminMemo(fakeDatabase(state));
    const query = countingQuery([{ location: 'Ostia', country: 'Italy' }]);
    for (let i = 0; i < 5; i++) {
      expect(await memo('missing', () => query)).toEqual([{ location: 'Ostia', country: 'Italy' }]);
    }
    expect(query.runs).toBe(1);

    state.fingerprint = 'v2';
    const changed = countingQuery<{ location: string; country: string }[]>([]);
    expect(await memo('missing', () => changed)).toEqual([]);
    expect(await memo('missing', () => changed)).toEqual([]);
    expect(changed.runs).toBe(1);
  });
});
