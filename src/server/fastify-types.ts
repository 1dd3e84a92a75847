import type { AppConfig } from './config';
import type { Storage } from './media/storage';
import type { AppServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    services: AppServices;
    storage: Storage;
  }
}
