// Before the browser tests: a system Chromium is used when there is one (system-chromium.mjs);
// otherwise Playwright's own browser, downloaded once if it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { systemChromium } from './system-chromium.mjs';

if (systemChromium) {
  console.log(`browser tests use ${systemChromium}`);
} else if (existsSync(chromium.executablePath())) {
  console.log(`browser tests use Playwright's Chromium (${chromium.executablePath()})`);
} else {
  console.log('no Chromium found: installing Playwright’s own (npx playwright install chromium)');
  const result = spawnSync('npx', ['playwright', 'install', 'chromium'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error(
      'Could not install Chromium. Install it (e.g. apt-get install chromium) or set CHROMIUM_PATH.',
    );
    process.exit(result.status ?? 1);
  }
}
