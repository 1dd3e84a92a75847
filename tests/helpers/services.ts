import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../src/server/config';
import { testConfig } from './test-config';
import type { Database } from '../../src/server/db/client';
import { createServices, type AppServices } from '../../src/server/services';
import { openTestDatabase } from './test-database';
import { TEST_PASSWORD } from './test-app';

export interface ServiceWorld {
  db: Database;
  config: AppConfig;
  /** The services wired as the app wires them: what a service under test is handed. */
  services: AppServices;
  close(): Promise<void>;
}

/**
 * The services on a fresh PGlite database, without an HTTP server, for tests that call one service
 * module directly (seconds, where the HTTP suite takes minutes). Offline AI, a local media folder.
 */
export async function openServiceWorld(overrides: Partial<AppConfig> = {}): Promise<ServiceWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tp-services-'));
  const database = await openTestDatabase();
  const config = testConfig({ dataDir, adminPassword: TEST_PASSWORD, ...overrides });
  const services = await createServices(config, database, { loginDelayPerFailureMs: 0 });
  return {
    db: database.db,
    config,
    services,
    async close() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
