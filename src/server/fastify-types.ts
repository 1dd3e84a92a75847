import type { ChangeFeed } from './cache/change-feed';
import type { PublicReads } from './cache/public-reads';
import type { ResponseCacheStats } from './cache/response-cache';
import type { AppConfig } from './config';
import type { Storage } from './media/storage';
import type { AppServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    services: AppServices;
    storage: Storage;
    /** The content changes this instance has applied (cache/change-feed.ts). */
    changes: ChangeFeed;
    /** The public reads with their dependency tags (cache/public-reads.ts). */
    publicReads: PublicReads;
    responseCacheStats: () => ResponseCacheStats;
  }
}
