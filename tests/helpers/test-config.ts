import { loadConfig, type AppConfig } from '../../src/server/config';

/** A config for tests (and the upload benchmark): everything in memory or a temp folder, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ DATA_DIR: overrides.dataDir ?? './.tmp/test-data', LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}
