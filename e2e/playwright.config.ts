import { defineConfig, devices } from '@playwright/test';
import { systemChromium } from './support/system-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * A system Chromium when there is one (support/system-chromium.mjs); otherwise Playwright's own
 * browser (`npx playwright install chromium` on a normal machine).
 */
const executablePath = systemChromium;

/** The accessibility walks: accessibility.spec.ts, and the tests tagged `@walk` (WALK in support/a11y.ts). */
const WALKS = /accessibility\.spec\.ts|@walk/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two workers (see projects): the journeys, which write the shared demo data, one at a time; the
  // accessibility walks, which only read, on whichever worker is free. A worker waits on the browser
  // more than it computes (one alone keeps this 2-core machine half idle).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Limits for a machine twice as slow as a quiet one (the shared CI machine is, some days): no test
  // asserts a duration, so a generous limit costs nothing when the run is fast.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../test-results/playwright.json' }]]
    : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Recorded on the retry of a failed test only: recording every test (screencast, snapshots)
    // doubled the CPU the journeys take (measured here: 173–179 s against 89–100 s, wall 97–100 s
    // against 60–67 s for 15 tests).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The journeys' project first: its worker starts on them at once, the walks fill the other one.
  // A project's grep reads "project file describe title tags": the walks are accessibility.spec.ts
  // and the tests tagged WALK (support/a11y.ts) in the features' own files.
  projects: [
    {
      name: 'chromium',
      grepInvert: WALKS,
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    {
      // Read-only walks: on the worker the journeys leave free, two at once when they are done.
      name: 'accessibility',
      grep: WALKS,
      workers: 2,
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: {
    // The built app (npm run build ran before), on a fresh embedded database with the demo accounts.
    command: 'node support/start-server.mjs',
    url: `${baseURL}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
