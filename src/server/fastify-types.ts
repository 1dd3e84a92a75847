import type { ContentVersion } from './cache/content-version';
import type { ResponseCacheStats } from './cache/response-cache';
import type { AppConfig } from './config';
import type { Storage } from './media/storage';
import type { AppServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    services: AppServices;
    storage: Storage;
    /** The version of the public content this instance knows (cache/content-version.ts). */
    contentVersion: ContentVersion;
    responseCacheStats: () => ResponseCacheStats;
  }
}
