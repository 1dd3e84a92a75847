import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { MEDIA_PREFIX } from '../../shared/media-names';
import type { CheckedArchive } from './archive-check';
import { restoreArchive } from './restore';

/** The restored copy does not show what the backup holds; the message lists what differs. */
export class VerifyFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifyFailedError';
  }
}

/**
 * Starts the product on a configuration, ready for `inject()`. The server passes its own `buildApp`
 * (app.ts, scripts/restore.ts): the backup layer sits below the application and never imports it.
 */
export type StartApp = (config: AppConfig) => Promise<FastifyInstance>;

export interface VerifyOptions {
  /** The configuration to start the product with (its database, media and cache settings are replaced). */
  config: AppConfig;
  say?: (line: string) => void;
  /** Starts the product on the restored copy. */
  startApp: StartApp;
}

/** Lines of a list in a message: the first few, and how many more. */
function someOf(items: string[], max = 5): string {
  return items.length <= max ? items.join('; ') : `${items.slice(0, max).join('; ')} and ${items.length - max} more`;
}

/**
 * Proves that a backup restores: restores it into a new temporary folder (embedded database and
 * media files there, whatever the archive was taken from), starts the product on it, asks it for
 * every public page of the manifest in every language and every media file (comparing each with
 * the manifest's checksum), and removes the folder again.
 */
export async function verifyArchive(
  archive: CheckedArchive,
  { config, say = () => {}, startApp }: VerifyOptions,
): Promise<{ pages: number; mediaFiles: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-verify-'));
  try {
    say(`Restoring into a temporary folder (${dir})`);
    await restoreArchive(archive, { dataDir: dir, databaseUrl: undefined, s3: undefined }, (line) => say(`  ${line}`));
    say('Starting Travel Places on the restored copy');
    const app = await startApp({
      ...config,
      dataDir: dir,
      databaseUrl: undefined,
      s3: undefined,
      mediaPublicUrl: undefined,
      cachePurgeUrl: undefined,
      renderCacheBytes: 0,
      renderBudgetPerMinute: 0,
      logLevel: 'silent',
      translationJobs: { ...config.translationJobs, worker: false },
    });
    try {
      const { manifest } = archive;
      say(`Reading ${manifest.pages.length} public pages`);
      const badPages: string[] = [];
      for (const url of manifest.pages) {
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode === 200 && response.headers['content-type']?.toString().startsWith('text/html'))
          continue;
        if (/has not been built/.test(response.body)) {
          throw new VerifyFailedError(
            'The site has not been built, so its pages cannot be checked: run `npm run build`, then verify again.',
          );
        }
        badPages.push(`${url} answered ${response.statusCode}`);
      }
      say(`Reading ${manifest.media.length} media files`);
      const badMedia: string[] = [];
      for (const file of manifest.media) {
        const response = await app.inject({ method: 'GET', url: `${MEDIA_PREFIX}${file.key}` });
        const sha256 = createHash('sha256').update(response.rawPayload).digest('hex');
        if (response.statusCode !== 200) badMedia.push(`${file.key} answered ${response.statusCode}`);
        else if (sha256 !== file.sha256) badMedia.push(`${file.key} differs from the backup`);
      }
      if (badPages.length > 0 || badMedia.length > 0) {
        throw new VerifyFailedError(
          `The restored copy does not show everything the backup holds: ${someOf([...badPages, ...badMedia])}. ` +
            'Keep this backup and an older one; report the problem with this message.',
        );
      }
      return { pages: manifest.pages.length, mediaFiles: manifest.media.length };
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    say('Removed the temporary copy');
  }
}
