// `npm run check:structure` (part of `npm test`): no hand-written source file over MAX_LINES lines.
// Counted: *.ts, *.tsx and *.mjs under apps/, packages/, scripts/, e2e/ and bench/. Left out: tests
// (*.test.ts, *.test.tsx, e2e/tests/), the seed data (apps/server/src/seed/) and the bench's data
// generators (bench/src/generate/, the seed of its 100,000 missions and 20,000 deals), the migrations,
// generated files (*.d.ts, or a `@generated` / "auto-generated" / "do not edit" mark in the first
// lines), and what installs and builds write (node_modules, dist, build outputs, reports).
// Prints each file over the limit and exits 1.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX_LINES = 600;
const root = path.resolve(import.meta.dirname, '..');
const ROOTS = ['apps', 'packages', 'scripts', 'e2e', 'bench'];
const EXTENSIONS = /\.(ts|tsx|mjs)$/;
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  'migrations',
]);
/** Paths from the repository's root, with `/`. */
const SKIPPED = [
  /\.test\.tsx?$/,
  /\.d\.ts$/,
  /^e2e\/tests\//,
  /^apps\/server\/src\/seed\//,
  /^bench\/src\/generate\//,
];
const GENERATED_MARK = /@generated|auto-generated|do not edit/i;

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) yield* sourceFiles(full);
    } else if (entry.isFile() && EXTENSIONS.test(entry.name)) {
      yield full;
    }
  }
}

/** Lines as an editor numbers them: a final newline does not start another one. */
const lineCount = (text) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

const offenders = [];
for (const top of ROOTS) {
  for (const file of sourceFiles(path.join(root, top))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (SKIPPED.some((pattern) => pattern.test(relative))) continue;
    const text = readFileSync(file, 'utf8');
    if (GENERATED_MARK.test(text.split('\n', 5).join('\n'))) continue;
    const lines = lineCount(text);
    if (lines > MAX_LINES) offenders.push({ relative, lines });
  }
}

if (offenders.length > 0) {
  offenders.sort((a, b) => b.lines - a.lines);
  console.error(`Hand-written source files over ${MAX_LINES} lines (split them):`);
  for (const { relative, lines } of offenders) console.error(`  ${relative}: ${lines} lines`);
  process.exit(1);
}
console.log(`No hand-written source file over ${MAX_LINES} lines.`);
