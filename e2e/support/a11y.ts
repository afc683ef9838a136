import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type axe from 'axe-core';
import { DEMO_PASSWORD, expect, recordCspViolations } from './fixtures';

/**
 * The tag of a read-only accessibility walk kept beside its feature's journeys: it runs in the
 * `accessibility` project (playwright.config.ts), on the worker that the journeys leave free, and
 * must therefore write nothing that a journey reads (a fresh account's own data at most).
 */
export const WALK = { tag: '@walk' };

/** The axe rules whose outcome depends on colours: all that can change with the colour scheme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The impacts a check fails on: serious and critical; `moderate` adds the moderate rules (heading order, landmarks…). */
const FAILING_IMPACTS = {
  serious: ['serious', 'critical'],
  moderate: ['moderate', 'serious', 'critical'],
} as const;

export type MinImpact = keyof typeof FAILING_IMPACTS;

/** axe-core's minified build, 0.65 MB (the package's `source` is the unminified one, 1.5 MB). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run in the page as it is now: every rule, or only `rules`; the violations only (axe skips
 * building the large lists of passes and incomplete checks). axe is evaluated in a document once,
 * then run as often as needed, by the DevTools protocol (the app's Content-Security-Policy does not
 * apply to it). Not `@axe-core/playwright`: its `analyze()` evaluates axe's 1.5 MB source three times and
 * opens a blank page for each check; here, median of four pages × two rounds, a whole check took
 * 2,462 ms with it against 299 ms, the colour rules 1,167 against 174 ms. Frames are not entered: the
 * app has none of its own, only the third-party players of replays.
 */
async function runAxe(page: Page, rules?: readonly string[]): Promise<axe.Result[]> {
  type WithAxe = Window & { axe?: typeof axe };
  if (!(await page.evaluate(() => typeof (window as WithAxe).axe === 'object'))) {
    await page.evaluate(AXE_SOURCE);
  }
  const results = await page.evaluate(
    (only) =>
      (window as WithAxe).axe!.run(document, {
        resultTypes: ['violations'],
        iframes: false,
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      }),
    rules ? [...rules] : null,
  );
  return results.violations;
}

/**
 * The serious and critical axe violations of the page as it is now (the moderate ones too with
 * `minImpact: 'moderate'`), one readable line each: every rule, or only the colour rules
 * (`coloursOnly`) when the rest was checked in the other colour scheme.
 */
export async function seriousViolations(
  page: Page,
  { coloursOnly = false, minImpact = 'serious' as MinImpact } = {},
): Promise<string[]> {
  const violations = await runAxe(page, coloursOnly ? COLOUR_RULES : undefined);
  const failing: readonly string[] = FAILING_IMPACTS[minImpact];
  return violations
    .filter((violation) => failing.includes(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 4);
      return `${violation.id} (${violation.impact}): ${violation.help} — ${nodes.join(' | ')}`;
    });
}

export interface AccountSession {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations seen in this context (see fixtures.ts). */
  cspViolations: string[];
}

/**
 * One browser context for one account, signed in once through the API (the context's request
 * shares its cookies) and reused for every page; anonymous when `email` is omitted.
 */
export async function openSession(
  browser: Browser,
  baseURL: string,
  options: { email?: string; password?: string; viewport?: { width: number; height: number } } = {},
): Promise<AccountSession> {
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  const cspViolations = await recordCspViolations(context);
  if (options.email) {
    await context.request.get('/api/v1/csrf');
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const res = await context.request.post('/api/v1/auth/login', {
      data: { email: options.email, password: options.password ?? DEMO_PASSWORD },
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    expect(res.status(), `sign-in of ${options.email}`).toBe(200);
  }
  const page = await context.newPage();
  return { context, page, cspViolations };
}

export const colorSchemes = ['light', 'dark'] as const;

/**
 * Waits until the page's running animations have ended. An animation cancelled meanwhile (its element
 * removed, a transition replaced) rejects `finished` with an AbortError: it has ended too.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/**
 * The colour schemes a walk checks at the page's width: both on a desktop screen; on a phone's the
 * light one only, since colours do not depend on the width and every page walked on a phone is also
 * walked on a desktop screen, where the dark scheme's colours are checked.
 */
function schemesAt(page: Page): readonly (typeof colorSchemes)[number][] {
  return (page.viewportSize()?.width ?? 1280) < 768 ? ['light'] : colorSchemes;
}

/**
 * Opens each path (it must open, not redirect: the session's account may see it), waits until the
 * page has settled, then runs axe in the light colour scheme, and its colour rules again in the dark
 * one (the system preference, which the app follows by default; on a desktop screen: see schemesAt). Every serious or critical violation
 * (and moderate, with `minImpact: 'moderate'`) fails the test; all pages are checked before it does.
 */
export async function expectAccessiblePages(
  page: Page,
  paths: readonly string[],
  { minImpact = 'serious' as MinImpact } = {},
) {
  for (const path of paths) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    const expected = new URL(path, page.url()).pathname;
    // Generous waits: the page must settle, however busy the machine is (no timing is asserted).
    await expect(page, `${path} opens`).toHaveURL((url) => url.pathname === expected, { timeout: 20_000 });
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    for (const scheme of schemesAt(page)) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      // Colours fade to the new scheme (e.g. a SegmentedControl's labels, 200 ms): check what the
      // user sees once they have settled, not a frame in between.
      await settleAnimations(page);
      const violations = await seriousViolations(page, { coloursOnly: scheme !== 'light', minImpact });
      expect.soft(violations, `${path} in ${scheme} mode`).toEqual([]);
    }
  }
}

/**
 * axe on the page as the user left it (a popover, a drawer or a dialog open), once its transitions
 * have ended: every rule in the light colour scheme, the colour rules in the dark one, and moderate
 * violations fail too (a dialog's landmarks, its headings). `what` names the state in the report.
 */
export async function expectAccessibleState(page: Page, what: string) {
  for (const scheme of colorSchemes) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await settleAnimations(page);
    const violations = await seriousViolations(page, {
      coloursOnly: scheme !== 'light',
      minImpact: 'moderate',
    });
    expect.soft(violations, `${what} in ${scheme} mode`).toEqual([]);
  }
}
