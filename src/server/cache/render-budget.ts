import { LRUCache } from 'lru-cache';
import { clientKey } from '../security/client-key';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * How many renders (answers not in the cache) one client may cause: a bucket of `perMinute` that
 * refills evenly over a minute, per client (an IPv6 client by its /64). Cached answers cost
 * nothing, so a visitor never meets it; a client asking for page after page that nobody asked for
 * (or made-up addresses) is told to wait. `take` answers 0, or the seconds to wait.
 */
export function createRenderBudget(perMinute: number, now: () => number = Date.now) {
  const buckets = new LRUCache<string, Bucket>({ max: 50_000 });
  const perMs = perMinute / 60_000;
  return {
    take(address: string): number {
      if (perMinute <= 0) return 0;
      const key = clientKey(address);
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: time };
      bucket.tokens = Math.min(perMinute, bucket.tokens + (time - bucket.at) * perMs);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
  };
}
