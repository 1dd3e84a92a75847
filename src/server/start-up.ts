import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { seedReferenceData } from './db/seed/seed';
import type { AppServices } from './services';
import { repairSlugNamespace } from './services/slugs';

/** One thing a start does before the server answers: its name, and what it did (or nothing to say). */
export interface StartUpStep {
  name: string;
  run(): Promise<string | undefined>;
}

/** Runs the steps in order, each logged on one line with what it did and how long it took. */
export async function runStartUp(steps: readonly StartUpStep[], log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  for (const step of steps) {
    const startedAt = performance.now();
    const done = await step.run();
    const ms = Math.round(performance.now() - startedAt);
    log.info(`Start-up: ${step.name}${done ? `: ${done}` : ''} (${ms} ms)`);
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What every start does, in this order (services/index.ts only wires the services): the idempotent
 * seed, one-time repairs, the files and trash a stopped process left, the admin password and the
 * sessions made under another one, and the search's country names and statistics.
 */
export function startUpSteps(
  config: AppConfig,
  database: DatabaseHandle,
  services: AppServices,
  announcePassword: (password: string) => void,
): StartUpStep[] {
  const { db } = database;
  return [
    {
      name: 'seed languages and interface texts',
      run: async () => {
        const { insertedTexts } = await seedReferenceData(db);
        return insertedTexts > 0 ? `${plural(insertedTexts, 'text', 'texts')} added` : undefined;
      },
    },
    {
      // Once per database: addresses from before one slug namespace (services/slugs.ts).
      name: 'repair addresses',
      run: async () => {
        const moved = await repairSlugNamespace(db);
        return moved > 0 ? `${plural(moved, 'address', 'addresses')} moved` : undefined;
      },
    },
    {
      // Files that a stopped process left without a row (a crash mid-upload or mid-delete).
      name: 'sweep unfinished media files',
      run: async () => {
        const removed = await services.files.sweep();
        return removed > 0 ? `${plural(removed, 'file', 'files')} removed` : undefined;
      },
    },
    {
      // What has been in the trash for 30 days goes for good, with its files (also on each Trash read).
      name: 'empty expired trash',
      run: async () => {
        const gone = await services.trash.expire();
        return gone > 0 ? `${plural(gone, 'item', 'items')} deleted for good` : undefined;
      },
    },
    {
      name: 'check admin password and sessions',
      run: async () => {
        const ended = await services.auth.settlePassword(config.adminPassword, announcePassword);
        return ended > 0
          ? `${plural(ended, 'admin session', 'admin sessions')} made under another password ended; sign in with the current password`
          : undefined;
      },
    },
    {
      name: 'prepare search',
      run: async () => {
        await services.search.prepare();
        return undefined;
      },
    },
  ];
}
