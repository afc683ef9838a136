/**
 * Scenario "pages" (issue 19, database-independent: run once, on PGlite): what a browser really
 * downloads to show `/` (signed out), `/app/missions` and `/dashboard` (signed in as the demo
 * setter). The built server serves the built web app (apps/web/dist, built first when missing) on a
 * fresh DATA_DIR with the demo accounts; each page is opened cold (a new browser context: empty
 * cache) in a real Chromium, and every response is counted through the DevTools protocol
 * (`Network.loadingFinished` → `encodedDataLength`: bytes on the wire, headers included) until the
 * network is idle (no request in flight for 500 ms; the realtime event stream does not count).
 *
 * Printed per page: JavaScript transferred and script requests (against the targets), all bytes and
 * requests, and the scripts sent without compression. The build's own budget
 * (apps/web/scripts/check-budget.mjs) counts the same first load from the files of dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { systemChromium } from '../../../e2e/support/system-chromium.mjs';
import { signIn } from '../api';
import { defer, tempDir } from '../cleanup';
import type { BenchConfig } from '../config';
import type { Database, Problems } from '../environment';
import { newestSource, repoRoot, startServer, webDist, webSources } from '../processes';
import { int, type SummaryRow } from '../report';

/** Issue 19: JavaScript transferred (KB = 1024 bytes) and script requests per page. */
export const PAGE_TARGETS = {
  '/': { jsKb: 120, scripts: 15 },
  '/app/missions': { jsKb: 200, scripts: 25 },
  '/dashboard': { jsKb: 200, scripts: 25 },
} as const;
export type PagePath = keyof typeof PAGE_TARGETS;

/** The demo account the signed-in pages are opened as (SEED_DEMO=1, apps/server/src/seed). */
const DEMO_ACCOUNT = { email: 'setter@closia.fr', password: 'Closia-demo-2026' } as const;

/** No request in flight for this long: the network is idle. */
const IDLE_MS = 500;
const PAGE_TIMEOUT_MS = 60_000;

export interface PageLoad {
  path: PagePath;
  signedIn: boolean;
  /** The URL the browser ended on (a guard that redirects would show here). */
  finalUrl: string;
  jsBytes: number;
  scriptRequests: number;
  totalBytes: number;
  requests: number;
  /** Scripts whose answer had no Content-Encoding (sent as they are on disk). */
  uncompressedScripts: number;
  /** ms from navigation to the network being idle (noisy: a figure, no target). */
  idleMs: number;
  /** Every response counted, largest first (path, bytes on the wire, Content-Encoding). */
  transfers: Transfer[];
  targets: (typeof PAGE_TARGETS)[PagePath];
}

export interface PagesResult {
  browser: string;
  pages: PageLoad[];
}

export interface Transfer {
  /** The URL's path (same origin). */
  path: string;
  script: boolean;
  bytes: number;
  encoding: string | null;
}

/** The system Chromium the browser tests use (CHROMIUM_PATH, Debian's headless shell, its desktop Chromium). */
const chromiumPath = (): string | undefined => systemChromium;

/** apps/web/dist is built by `npm run build`; build the web app alone when it is missing or older than its sources. */
function ensureWebBuilt(): string {
  const index = path.join(webDist, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource(webSources)) {
    return `built ${statSync(index).mtime.toISOString()}, up to date`;
  }
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', '@closia/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`npm run build -w @closia/web failed (exit ${result.status ?? result.signal})`);
  }
  return `built now in ${Math.round(performance.now() - started)} ms`;
}

/** `a=1; b=2` (what signIn returns) → Playwright cookies for `baseUrl`. */
function cookiesOf(header: string, baseUrl: string) {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
    });
}

/** Opens `url` in `context` and counts every response through CDP until the network is idle. */
async function load(
  context: BrowserContext,
  url: string,
): Promise<{ transfers: Transfer[]; finalUrl: string; idleMs: number }> {
  const page = await context.newPage();
  // A page that throws shows nothing: its figures would flatter it.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  const inFlight = new Set<string>();
  const meta = new Map<
    string,
    { url: string; type: string | undefined; mime?: string; encoding?: string | null }
  >();
  const transfers: Transfer[] = [];
  let lastActivity = performance.now();
  // The realtime stream stays open as long as the page: it is not part of the load.
  const isStream = (requestUrl: string, mime?: string) =>
    requestUrl.includes('/__transmit/events') || mime === 'text/event-stream';

  cdp.on('Network.requestWillBeSent', (e) => {
    lastActivity = performance.now();
    meta.set(e.requestId, { url: e.request.url, type: e.type });
    if (!isStream(e.request.url)) inFlight.add(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => {
    const m = meta.get(e.requestId);
    if (!m) return;
    m.mime = e.response.mimeType;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    m.encoding = headers['content-encoding'] ?? null;
    if (isStream(m.url, m.mime)) inFlight.delete(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    lastActivity = performance.now();
    inFlight.delete(e.requestId);
    const m = meta.get(e.requestId);
    if (!m || !/^https?:/.test(m.url) || isStream(m.url, m.mime)) return;
    transfers.push({
      path: new URL(m.url).pathname,
      script: m.type === 'Script' || /javascript|ecmascript/.test(m.mime ?? ''),
      bytes: e.encodedDataLength,
      encoding: m.encoding ?? null,
    });
  });
  cdp.on('Network.loadingFailed', (e) => {
    lastActivity = performance.now();
    inFlight.delete(e.requestId);
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

  const started = performance.now();
  await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
  const deadline = started + PAGE_TIMEOUT_MS;
  while (inFlight.size > 0 || performance.now() - lastActivity < IDLE_MS) {
    if (performance.now() > deadline) {
      throw new Error(`${url}: the network was not idle after ${PAGE_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const idleMs = lastActivity - started;
  const finalUrl = page.url();
  await page.close();
  if (errors.length > 0) throw new Error(`${url}: the page threw: ${errors.join('; ')}`);
  return { transfers, finalUrl, idleMs };
}

function summarise(path: PagePath, signedIn: boolean, run: Awaited<ReturnType<typeof load>>): PageLoad {
  const scripts = run.transfers.filter((t) => t.script);
  return {
    path,
    signedIn,
    finalUrl: run.finalUrl,
    jsBytes: scripts.reduce((sum, t) => sum + t.bytes, 0),
    scriptRequests: scripts.length,
    totalBytes: run.transfers.reduce((sum, t) => sum + t.bytes, 0),
    requests: run.transfers.length,
    uncompressedScripts: scripts.filter((t) => t.encoding === null || t.encoding === 'identity').length,
    idleMs: run.idleMs,
    transfers: [...run.transfers].sort((a, b) => b.bytes - a.bytes),
    targets: PAGE_TARGETS[path],
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const jsMet = (p: PageLoad) => p.jsBytes <= p.targets.jsKb * 1024;
const scriptsMet = (p: PageLoad) => p.scriptRequests <= p.targets.scripts;

export async function runPages(
  database: Database,
  config: BenchConfig,
  problems: Problems,
): Promise<PagesResult> {
  if (database.kind !== 'pglite') throw new Error('the pages scenario runs once, on PGlite');
  const executablePath = chromiumPath();
  console.log(
    `\n▸ pages — /, /app/missions, /dashboard opened cold in Chromium (${executablePath ?? "Playwright's own"}), ` +
      `bytes on the wire (DevTools protocol) until the network is idle for ${IDLE_MS} ms`,
  );
  console.log(`  web app: ${path.relative(repoRoot, webDist)} ${ensureWebBuilt()}`);

  const dir = tempDir('closia-bench-pages-');
  let browser: Browser | undefined;
  const closeBrowser = defer('chromium (pages)', () => browser?.close());
  try {
    const server = await startServer({
      dataDir: dir.path,
      databaseUrl: null,
      startTimeoutMs: config.startTimeoutMs,
      web: true,
      env: { SEED_DEMO: '1' },
    });
    try {
      const cookie = await signIn(server.baseUrl, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      browser = await chromium.launch({
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
      });
      const pages: PageLoad[] = [];
      for (const pagePath of Object.keys(PAGE_TARGETS) as PagePath[]) {
        const signedIn = pagePath !== '/';
        const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
        try {
          if (signedIn) await context.addCookies(cookiesOf(cookie, server.baseUrl));
          const page = summarise(pagePath, signedIn, await load(context, `${server.baseUrl}${pagePath}`));
          pages.push(page);
          const landed = new URL(page.finalUrl).pathname;
          if (landed !== pagePath)
            problems.warn(`pages: ${pagePath} ended on ${landed} (a guard redirected)`);
          console.log(
            `  ${pagePath.padEnd(14)} ${signedIn ? 'signed in ' : 'signed out'}  JS ${kb(page.jsBytes).padStart(9)} in ` +
              `${String(page.scriptRequests).padStart(3)} scripts (target ≤ ${page.targets.jsKb} KB in ≤ ${page.targets.scripts}: ` +
              `${jsMet(page) && scriptsMet(page) ? 'met' : 'NOT met'}), ${page.uncompressedScripts} uncompressed; ` +
              `all ${kb(page.totalBytes)} in ${page.requests} requests; idle after ${int(page.idleMs)} ms`,
          );
        } finally {
          await context.close();
        }
      }
      return { browser: `Chromium ${browser.version()}`, pages };
    } finally {
      await closeBrowser();
      const stopped = await server.stop();
      if (stopped.killed) problems.warn('pages: the server did not shut down cleanly on SIGTERM');
    }
  } finally {
    await dir.remove();
  }
}

export function pagesSummary(r: PagesResult): SummaryRow[] {
  return r.pages.flatMap((p) => [
    {
      scenario: 'pages',
      figure: `${p.path} JavaScript transferred (cold, ${p.uncompressedScripts} of ${p.scriptRequests} uncompressed)`,
      value: kb(p.jsBytes),
      target: `≤ ${p.targets.jsKb} KB`,
      met: jsMet(p),
    },
    {
      scenario: 'pages',
      figure: `${p.path} script requests (all: ${kb(p.totalBytes)} in ${p.requests})`,
      value: String(p.scriptRequests),
      target: `≤ ${p.targets.scripts}`,
      met: scriptsMet(p),
    },
  ]);
}
