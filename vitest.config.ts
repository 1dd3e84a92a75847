import { defineConfig } from 'vitest/config';

// `@/` is src/ (tsconfig.json paths), in every project
const resolve = { tsconfigPaths: true };

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on a 2-core machine);
    // these files mostly wait on a database, a browser or a child process, so both cores stay busy.
    maxWorkers: '100%',
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // files share a worker's loaded modules (none of them mocks a module or changes globals)
          isolate: false,
        },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          // one migrated embedded database for the run, cloned by each file
          globalSetup: ['tests/global-setup.ts'],
          // each file builds its own app and database; the server's modules load once per worker
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // the production build and the run's migrated database, made side by side
          globalSetup: ['e2e/global-setup.ts'],
          // each file starts its own site and browser
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
