import { expect, recordCspViolations, test } from '../support/fixtures';

test('every page is sent with a Content-Security-Policy that forbids inline scripts, and has none', async ({
  page,
}) => {
  const response = await page.goto('/');
  const policy = response?.headers()['content-security-policy'] ?? '';
  // Scripts from this origin only: no 'unsafe-inline', no 'unsafe-eval'.
  expect(policy).toMatch(/(^|; ?)script-src 'self'(;|$)/);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  expect(await page.locator('script:not([src])').count()).toBe(0);
});

test('the saved colour scheme is applied by a script file before the app itself has run', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'closia-color-scheme', value: 'dark', url: baseURL! }]);
  // Without the app's code, only /color-scheme.js can set the attribute: no flash of the light theme.
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('a violation is caught: an inline script is blocked and reported', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const violations = await recordCspViolations(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'inlineRan' in window || '__inlineRan' in window)).toBe(false);
  await context.close();
});
