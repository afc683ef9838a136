#!/usr/bin/env node
/**
 * First-load budget of the web build (run by `npm run build -w @closia/web` after `vite build`).
 *
 * What a browser fetches to show `/` before it can paint anything: the scripts of dist/index.html
 * (the entry module, the colour-scheme script) and every script it modulepreloads, plus the chunks
 * requested at start-up (LANDING: the data layer and loading bar, the landing page's
 * layout and page) with every chunk they import statically; the stylesheets of the same (CSS).
 * The chunk graph comes from Vite's manifest (dist/.vite/manifest.json, `build.manifest`).
 *
 * Sizes are what the server sends a browser: the brotli file the build wrote beside the file
 * (apps/web/build/precompress.ts), else the file itself; gzip -9 is printed beside, for a browser
 * without brotli. 1 KB = 1024 bytes. HTTP headers (~0.5 KB a response) are not counted here: the
 * bench's `pages` scenario (bench/src/scenarios/pages.ts) measures the same load on the wire in
 * Chromium, headers included, against issue 19's target (`/` ≤ 120 KB of JavaScript in ≤ 15 scripts).
 *
 * Budgets (exceeding one fails the build, after every figure is printed):
 * - JavaScript 120 KB brotli in at most 15 scripts (issue 19's figures; it measures 118.0 KB in 8,
 *   about 122 KB on the wire with the headers): React + React DOM (~57 KB), the router (~27 KB),
 *   Mantine's base chunk with the landing's icons (~19 KB), our start-up code (`start`, the entry:
 *   ~11 KB) and the landing page (`public`, ~4 KB). A signed-out visitor's landing page loads no
 *   data layer (TanStack Query, app/data-layer.ts), no Zod, no enums. Everything else belongs in a
 *   lazy chunk: the toasts' container loads at the first toast (lib/toast-host.ts), the other icons
 *   are chunks of their own.
 * - CSS 32 KB brotli: Mantine's global styles (~25 KB, every component's) plus our own. CSS blocks the
 *   first paint, so it gets a budget too.
 *
 * Usage: node scripts/check-budget.mjs [distDir]
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

export const budgets = { js: 120 * 1024, scripts: 15, css: 32 * 1024 };

/**
 * What `/` requests at start-up besides the entry's static imports: source modules that are chunks
 * of their own (manifest keys), or the named chunks (vite.config.ts's groups) that hold them.
 */
export const LANDING = [
  // The start-up code without the data layer (API client, the user's start-up request and its
  // copy, the data layer's loader): the `start` group. The data layer (`data`, `query`) is not
  // loaded for a signed-out visitor of `/` (app/data-layer.ts); the toast container loads at the
  // first toast (lib/toast-host.ts).
  'start',
  // app/router.tsx, route `/`: its layout and its page (the `public` group).
  'public',
];

/** The scripts and stylesheets of an index.html: entry + classic scripts + modulepreloads, stylesheets. */
export function htmlFiles(html) {
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}=["']([^"']+)["']`, 'i'))?.[1];
  const js = [];
  const css = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) js.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') js.push(href);
    else if (rel === 'stylesheet') css.push(href);
  }
  return { js, css };
}

/**
 * Every file `/` fetches: the index.html files, then each LANDING chunk, the chunks it
 * imports statically (recursively) and their stylesheets. Throws when a LANDING module is not in the
 * manifest (renamed or moved: update LANDING).
 */
export function firstLoadFiles(html, manifest) {
  const { js, css } = htmlFiles(html);
  const visit = (key) => {
    const chunk =
      manifest[key] ?? Object.values(manifest).find((c) => c.name === key && c.file.endsWith('.js'));
    if (!chunk) throw new Error(`${key} is not in the build's manifest: update LANDING in check-budget.mjs`);
    const file = `/${chunk.file}`;
    if (js.includes(file)) return;
    js.push(file);
    for (const sheet of chunk.css ?? []) css.push(`/${sheet}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of LANDING) visit(key);
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(dist, urls) {
  const rows = [];
  for (const url of urls) {
    if (/^(?:[a-z]+:)?\/\//i.test(url)) throw new Error(`first-load file from another origin: ${url}`);
    const file = path.join(dist, url.replace(/^\//, ''));
    const content = await readFile(file);
    rows.push({
      url,
      raw: content.length,
      sent: existsSync(`${file}.br`) ? (await readFile(`${file}.br`)).length : content.length,
      gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
    });
  }
  return rows;
}

function report(label, rows, budget, maxFiles) {
  const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
  const sent = sum('sent');
  const files = maxFiles === undefined ? `${rows.length} files` : `${rows.length} files, at most ${maxFiles}`;
  console.log(
    `\n${label} (${files}): ${kb(sent)} as sent (brotli), budget ${kb(budget)}; ${kb(sum('gzip'))} gzip, ${kb(sum('raw'))} raw`,
  );
  for (const row of [...rows].sort((a, b) => b.sent - a.sent)) {
    console.log(`  ${kb(row.sent).padStart(9)}  ${row.url}`);
  }
  return sent <= budget && (maxFiles === undefined || rows.length <= maxFiles);
}

async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = firstLoadFiles(html, manifest);
  if (files.js.length === 0) throw new Error(`no entry script in ${path.join(dist, 'index.html')}`);
  console.log('First-load budget (what / fetches before it shows the landing page):');
  const jsOk = report('JavaScript', await measure(dist, files.js), budgets.js, budgets.scripts);
  const cssOk = report('CSS', await measure(dist, files.css), budgets.css);
  if (!jsOk || !cssOk) {
    console.error(
      `\nBudget exceeded: ${[!jsOk && 'JavaScript', !cssOk && 'CSS'].filter(Boolean).join(' and ')}. ` +
        'Move what the first page does not need into a lazy chunk (see the figures above).',
    );
    process.exitCode = 1;
    return;
  }
  console.log('\nWithin budget.');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
