import { defineConfig } from 'vitest/config';

// Unit and API tests only; Playwright specs live in e2e/ and are run by Playwright.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
  },
});
