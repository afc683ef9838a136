import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Closia-demo-2026';
export const demo = {
  admin: 'admin@closia.fr',
  setter: 'setter@closia.fr',
  closer: 'closer@closia.fr',
  infopreneur: 'infopreneur@closia.fr',
} as const;

/**
 * Signs a page in through the real form. `landing`: where the user ends up — the dashboard (the
 * administration for the demo admin), or the onboarding for an account whose profile is not finished.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  landing = email === demo.admin ? /\/admin$/ : /\/dashboard$/,
) {
  await page.goto('/auth/sign-in');
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(landing);
}

/**
 * Opens the menu of `trigger` and clicks its item `name`. A Mantine menu hides its dropdown while its
 * button seems out of view (the page still laying out, a scroll), and twice on a loaded CI machine a
 * click then waited on a hidden item until the test's time ran out: the menu is closed and opened
 * again until the item takes the click.
 */
export async function chooseMenuItem(page: Page, trigger: Locator, name: string) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await trigger.scrollIntoViewIfNeeded();
    await trigger.click();
    await page.getByRole('menuitem', { name }).click({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * Finishes the signed-in page's onboarding through the API (for journeys about something else):
 * the profile of `track` is filled in and marked finished. Reload the app afterwards.
 */
export async function finishOnboardingViaApi(
  page: Page,
  track: 'setter' | 'closer' | 'setter-closer' | 'infopreneur',
) {
  await page.request.get('/api/v1/csrf');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const sectors = await (await page.request.get('/api/v1/work-sectors?perPage=1')).json();
  const common = { description: 'Profil créé par un test.', workSectors: [sectors.data[0].id] };
  const sales = { conversionRate: 5, experience: '2022-01-01', skills: ['Cold calling'] };
  const res = await page.request.put(`/api/v1/user/${track}`, {
    data: { ...common, ...(track === 'infopreneur' ? {} : sales), finishedProfileSetup: true },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
}

/** An API client signed in as the demo admin (reads the mail outbox: no SMTP in tests). */
async function adminApi(request: APIRequestContext) {
  await request.get('/api/v1/csrf');
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/v1/auth/login', {
    data: { email: demo.admin, password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
  return request;
}

/** The link of the latest mail sent to an address. */
export async function mailLink(request: APIRequestContext, to: string, subject: string): Promise<string> {
  const api = await adminApi(request);
  let link: string | undefined;
  await expect(async () => {
    const res = await api.get(`/api/v1/admin/outbox?to=${encodeURIComponent(to)}`);
    const mail = (await res.json()).data.find((m: { subject: string }) => m.subject === subject);
    link = mail?.link;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 5_000 });
  return link!;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** What Chromium prints when the Content-Security-Policy blocks something ("Refused to execute inline script…"). */
const CSP_CONSOLE_MESSAGE =
  /Content Security Policy|Refused to (?:execute|load|apply|evaluate|connect|frame|create)|^CSP violation:/i;

/**
 * Not the app: Playwright's trace recorder (`trace: 'retain-on-failure'`) reads the `blob:` images of
 * the page with fetch to put them in its snapshots, which `connect-src 'self'` blocks. The app only
 * shows `blob:` URLs in <img> (picture previews, allowed by `img-src`); it never fetches one.
 */
const TRACE_RECORDER_FETCH =
  /Connecting to 'blob:[^']*' violates the following Content Security Policy directive: "connect-src|^CSP violation: connect-src blocked blob\b/;

/**
 * Records every Content-Security-Policy violation in the pages of `context`: the browser's console
 * message, and the `securitypolicyviolation` event (which also covers what the console may not print).
 * Returns the list, to check at the end of the test.
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.documentURI}`,
      );
    });
  });
  context.on('console', (message) => {
    if (
      message.type() === 'error' &&
      CSP_CONSOLE_MESSAGE.test(message.text()) &&
      !TRACE_RECORDER_FETCH.test(message.text())
    ) {
      violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    }
  });
  return violations;
}

/**
 * The test of every spec: a test fails when a page it opened violated the Content-Security-Policy
 * (inline script, eval, a resource from another origin…), even if the page looked fine.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await recordCspViolations(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
