import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that stop and restart a PostgreSQL, a Redis or a server process of their own and time the
 * recovery (answers within 2 s): a project with one worker, which `npm run test:unit` runs after
 * the others, alone — beside them, on a busy 2-core machine, an answer took 2,027 ms.
 */
const ALONE = ['apps/server/src/db/outage.test.ts', 'apps/server/src/plugins/redis-outage.test.ts'];

// Unit and API tests only; Playwright specs live in e2e/ and are run by Playwright.
export default defineConfig({
  test: {
    // One test file per core. Vitest's default (cores - 1, for its own process) ran the files one
    // at a time on a 2-core machine; its own process mostly waits on the workers.
    maxWorkers: availableParallelism(),
    hookTimeout: 60_000,
    testTimeout: 60_000,
    // In CI a JSON report feeds the one-line summary that .ci/run prints.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'test-results/vitest.json' }]]
      : ['default'],
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          hookTimeout: 60_000,
          testTimeout: 60_000,
          pool: 'forks',
          // A worker runs file after file without importing the app anew for each: every file builds
          // its own app and database (test/helpers.ts), and nothing is mocked. Import time of the
          // server project fell from ~45 % of its CPU to ~15 % (posts + webinars: 74 → 51 s CPU).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-alone',
          include: ALONE,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          hookTimeout: 60_000,
          testTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
