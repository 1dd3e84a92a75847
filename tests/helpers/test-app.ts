import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { testConfig } from './test-config';
import type { Database } from '../../src/server/db/client';
import { openTestDatabase } from './test-database';
import type { NewUploadsMode } from '../../src/shared/api/publishing';
import type { NewAreasMode } from '../../src/shared/api/new-areas';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  dataDir: string;
  config: AppConfig;
  /** Signs in and answers the session cookie header value ("tp_session=..."). */
  login(): Promise<string>;
  /** app.inject as a signed-in, same-origin administrator. */
  admin(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildOptions, 'database'> & {
    /**
     * What uploads become. Tests publish them at once (docs/product.md §10.2) unless they say
     * otherwise; 'default' leaves the product's default (drafts with the offline writer).
     */
    newUploads?: NewUploadsMode | 'default';
    /**
     * How near a place an upload joins its gallery. Tests make a place of every photo (0) unless
     * they say otherwise, since most upload photos of one spot to get several places; 'default'
     * leaves the product's 100 m (tests/photo-grouping.test.ts).
     */
    groupWithinMeters?: number | 'default';
    /**
     * What publishing in a town without a page does. Tests keep the brief's Missing Cities flow
     * ('ask') unless they say otherwise; 'default' leaves the product's default ('create').
     */
    newAreas?: NewAreasMode | 'default';
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tp-test-'));
  const database = await openTestDatabase();
  const config = testConfig({ dataDir, adminPassword: TEST_PASSWORD, ...overrides });
  const { newUploads = 'publish', groupWithinMeters = 0, newAreas = 'ask', ...buildOptions } = options;
  const app = await buildApp(config, { database, loginDelayPerFailureMs: 0, ...buildOptions });
  await app.ready();
  if (newUploads !== 'default') await app.services.publishing.saveSettings({ newUploads });
  if (groupWithinMeters !== 'default') await app.services.publishing.saveSettings({ groupWithinMeters });
  if (newAreas !== 'default') await app.services.publishing.saveSettings({ newAreas });

  let cookie: string | undefined;
  const login = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_PASSWORD },
    });
    const session = response.cookies.find((c) => c.name === 'tp_session');
    if (!session) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    cookie = `tp_session=${session.value}`;
    return cookie;
  };

  return {
    app,
    db: database.db,
    dataDir,
    config,
    login,
    async admin(injectOptions) {
      const sessionCookie = cookie ?? (await login());
      return app.inject({
        ...injectOptions,
        headers: { origin: config.publicUrl, ...injectOptions.headers, cookie: sessionCookie },
      });
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
