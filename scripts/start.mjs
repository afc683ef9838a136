// `npm start`: builds only when a source changed since the last build (build-stamp.mjs), then runs
// the bundled server in this very process (one Node start instead of two).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';
import { buildStatus } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const status = buildStatus(root);
if (!status.upToDate) {
  console.log(`Building first: ${status.reason}.`);
  const code = buildAll();
  if (code !== 0) process.exit(code);
}
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
