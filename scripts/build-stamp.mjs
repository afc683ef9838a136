// Whether the build (apps/web/dist, apps/server/dist) is older than its sources. A stamp written
// after each build holds a fingerprint of the input files — their paths and modification times,
// taken when the build started: the build is up to date while the fingerprint is the same (no file
// changed, touched, added, removed or renamed since), whatever the clocks say.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = 'apps/server/dist/build-stamp.json';

/** What the build reads. Folders are walked, minus what never reaches the build. */
export const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/server/src',
  'apps/server/scripts',
  'packages/shared',
];
/** What the build must have produced. */
export const OUTPUTS = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  '.vite',
  '.turbo',
]);
/** Files that never reach the build: tests, and TypeScript's incremental caches. */
const NOT_AN_INPUT = /\.(test|spec)\.[cm]?[jt]sx?$|\.tsbuildinfo$/;

/** The input files under `root`: their fingerprint (paths and modification times) and the newest. */
export function scanInputs(root) {
  let newest = { path: null, mtimeMs: 0 };
  const files = [];
  const visit = (relative) => {
    const full = path.join(root, relative);
    let stats;
    try {
      stats = statSync(full);
    } catch {
      return; // an optional input (e.g. no tsconfig here)
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(full, { withFileTypes: true })) {
        if (entry.isDirectory() ? SKIPPED_FOLDERS.has(entry.name) : NOT_AN_INPUT.test(entry.name)) continue;
        visit(path.join(relative, entry.name));
      }
      return;
    }
    files.push(`${relative}\t${stats.mtimeMs}`);
    if (stats.mtimeMs > newest.mtimeMs) newest = { path: relative, mtimeMs: stats.mtimeMs };
  };
  for (const input of INPUTS) visit(input);
  const fingerprint = createHash('sha256').update(files.sort().join('\n')).digest('hex');
  return { newest, files: files.length, fingerprint };
}

/** `{ upToDate, reason }`: why a build is needed, if it is. */
export function buildStatus(root) {
  const missing = OUTPUTS.find((output) => !existsSync(path.join(root, output)));
  if (missing) return { upToDate: false, reason: `${missing} is missing` };
  const stampFile = path.join(root, STAMP_FILE);
  if (!existsSync(stampFile)) return { upToDate: false, reason: 'no build stamp' };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return { upToDate: false, reason: 'unreadable build stamp' };
  }
  const { newest, files, fingerprint } = scanInputs(root);
  if (fingerprint === stamp.fingerprint) return { upToDate: true, reason: 'build is up to date' };
  if (newest.mtimeMs > stamp.startedAt) {
    return { upToDate: false, reason: `${newest.path} changed since the last build` };
  }
  return {
    upToDate: false,
    reason: `source files changed since the last build (${files} now, ${stamp.files} then)`,
  };
}

/** Call before building: returns the function that records the finished build. */
export function startBuild(root) {
  const startedAt = Date.now();
  const { newest, files, fingerprint } = scanInputs(root);
  return () =>
    writeFileSync(
      path.join(root, STAMP_FILE),
      `${JSON.stringify({ startedAt, newest, files, fingerprint, finishedAt: Date.now() }, null, 2)}\n`,
    );
}
