import { join } from 'node:path';
import type { AppConfig } from '../config';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage-interface';

// Importers read the interface and the local store from here too.
export * from './storage-interface';
export { createLocalStorage };

/**
 * The store the config names: the bucket when S3_BUCKET is set, else DATA_DIR/media. The S3 driver
 * (and the AWS SDK, about a second and 25 MB to load) is imported only when it is used.
 */
export async function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(join(config.dataDir, 'media'));
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.s3);
}
