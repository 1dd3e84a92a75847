import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          // one migrated embedded database for the run, cloned by each file
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts', 'e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one browser at a time on a 2-core machine
          fileParallelism: false,
        },
      },
    ],
  },
});
