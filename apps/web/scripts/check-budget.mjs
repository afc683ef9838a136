#!/usr/bin/env node
/**
 * First-load budget of the web build (run by `npm run build -w @closia/web` after `vite build`).
 *
 * What a visitor downloads before any route chunk: the scripts of dist/index.html (the entry module
 * and the colour-scheme script) plus every script it modulepreloads (JavaScript), and its
 * stylesheets (CSS). Sizes are gzip -9, as the
 * server sends them to a browser without brotli (brotli is ~10 % smaller); 1 KB = 1024 bytes.
 *
 * Budgets:
 * - JavaScript 120 KB: React + React DOM (~66 KB), the router (~30 KB), TanStack Query and
 *   Mantine's provider leave ~10 KB for our own start-up code (route table, guards, API client).
 *   Everything a page alone needs belongs in its lazy route chunk.
 * - CSS 32 KB: Mantine's global styles (~28 KB, every component's) plus our own. CSS blocks the
 *   first paint, so it gets a budget too; the CSS modules of lazy pages are not counted.
 *
 * Exits 1 when a budget is exceeded (the build fails), after printing every figure.
 * Usage: node scripts/check-budget.mjs [distDir]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

export const budgets = { js: 120 * 1024, css: 32 * 1024 };

/** The first-load files of an index.html: entry + modulepreloads (js) and stylesheets (css). */
export function firstLoadFiles(html) {
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}=["']([^"']+)["']`, 'i'))?.[1];
  const js = [];
  const css = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    // The module entry and any classic script (color-scheme.js): all of them run before the first page.
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
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(dist, urls) {
  const rows = [];
  for (const url of urls) {
    if (/^(?:[a-z]+:)?\/\//i.test(url)) throw new Error(`first-load file from another origin: ${url}`);
    const content = await readFile(path.join(dist, url.replace(/^\//, '')));
    rows.push({
      url,
      raw: content.length,
      gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
    });
  }
  return rows;
}

function report(label, rows, budget) {
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  console.log(`\n${label} (${rows.length} files): ${kb(total)} gzip (${kb(raw)} raw), budget ${kb(budget)}`);
  for (const row of [...rows].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(row.gzip).padStart(9)}  ${row.url}`);
  }
  return total <= budget;
}

async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const files = firstLoadFiles(html);
  if (files.js.length === 0) throw new Error(`no entry script in ${path.join(dist, 'index.html')}`);
  console.log('First-load budget (what / downloads before any lazy chunk):');
  const jsOk = report('JavaScript', await measure(dist, files.js), budgets.js);
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
