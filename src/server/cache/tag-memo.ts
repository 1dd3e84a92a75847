import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed';
import { ANY_TAG, type TagSink } from './tags';

interface Entry {
  value: Promise<unknown>;
  /** Known once the read has answered; until then a change is checked when it does. */
  tags?: ReadonlySet<string>;
}

/**
 * Reads shared by every answer until a change touches what they were made from: the one memo of
 * the server (interface text, languages, maps). An entry is dropped when a change names one of its
 * tags (as the response cache drops answers); a read that answers after such a change is not kept.
 * A caller gets the entry's tags in its own sink, so its answer depends on them too.
 */
export function createTagMemo(feed: ChangeFeed, max = 500) {
  const entries = new LRUCache<string, Entry>({ max });
  feed.onChange((batch) => {
    if (batch.all) {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries.entries()) {
      if (entry.tags && [...entry.tags].some((tag) => tag === ANY_TAG || batch.tags.has(tag))) entries.delete(key);
    }
  });

  return function remember<T>(key: string, sink: TagSink, read: (own: TagSink) => Promise<T>): Promise<T> {
    const known = entries.get(key);
    if (known) {
      return known.value.then((value) => {
        for (const tag of known.tags ?? []) sink.add(tag);
        return value as T;
      });
    }
    const since = feed.current();
    const own: TagSink = new Set();
    const entry: Entry = { value: Promise.resolve(read(own)) };
    entries.set(key, entry);
    entry.value.then(
      () => {
        entry.tags = own;
        if (!feed.unchangedSince(since, own) && entries.get(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry.value.then((value) => {
      for (const tag of own) sink.add(tag);
      return value as T;
    });
  };
}
