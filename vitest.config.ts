import { defineConfig } from 'vitest/config';

// Unit and API tests only; Playwright specs live in e2e/ and are run by Playwright.
export default defineConfig({
  test: {
    hookTimeout: 60_000,
    testTimeout: 30_000,
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
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          hookTimeout: 60_000,
          testTimeout: 30_000,
          pool: 'forks',
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] } },
    ],
  },
});
