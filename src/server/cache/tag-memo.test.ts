import { describe, expect, it } from 'vitest';
import type { ChangeBatch, ChangeFeed } from './change-feed';
import { createTagMemo } from './tag-memo';

/** A change feed driven by the test: `change(tags)` applies a batch. */
function fakeFeed() {
  const listeners = new Set<(batch: ChangeBatch) => void>();
  const batches: ChangeBatch[] = [];
  const feed = {
    current: () => batches.length,
    unchangedSince: (epoch: number, tags: Iterable<string>) => {
      const wanted = new Set(tags);
      return batches.slice(epoch).every((batch) => !batch.all && ![...batch.tags].some((tag) => wanted.has(tag)));
    },
    onChange: (listener: (batch: ChangeBatch) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as ChangeFeed;
  const change = (...tags: string[]) => {
    const batch = { epoch: batches.length + 1, tags: new Set(tags), all: false };
    batches.push(batch);
    for (const listener of listeners) listener(batch);
  };
  return { feed, change };
}

/** A read like a Drizzle query: nothing runs until it is awaited, and each await runs it again. */
function lazyQuery<T>(value: T, runs: { count: number }): Promise<T> {
  return {
    then(resolve, reject) {
      runs.count += 1;
      return Promise.resolve(value).then(resolve, reject);
    },
  } as Promise<T>;
}

describe('the tag memo', () => {
  it('reads once until a change names one of its tags, and hands each caller those tags', async () => {
    const { feed, change } = fakeFeed();
    const remember = createTagMemo(feed);
    const runs = { count: 0 };
    const read = (own: Set<string>) => {
      own.add('ui');
      return lazyQuery([{ key: 'nav.home', value: 'Home' }], runs);
    };
    for (let i = 0; i < 3; i++) {
      const sink = new Set<string>();
      expect(await remember('ui de', sink, read)).toEqual([{ key: 'nav.home', value: 'Home' }]);
      expect([...sink]).toEqual(['ui']);
    }
    expect(runs.count).toBe(1);

    change('place:1', 'places');
    await remember('ui de', new Set(), read);
    expect(runs.count).toBe(1);

    change('ui');
    await remember('ui de', new Set(), read);
    expect(runs.count).toBe(2);
  });

  it('does not keep a read that answered after a change to what it read', async () => {
    const { feed, change } = fakeFeed();
    const remember = createTagMemo(feed);
    let release!: (value: string) => void;
    let runs = 0;
    const read = (own: Set<string>) => {
      runs += 1;
      own.add('languages');
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = remember('languages', new Set(), read);
    change('languages');
    release('old');
    expect(await first).toBe('old');
    const second = remember('languages', new Set(), read);
    release('new');
    expect(await second).toBe('new');
    expect(runs).toBe(2);
  });
});
