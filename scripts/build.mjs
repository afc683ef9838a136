// `npm run build`: the web app, then the server (bundle, migrations, PGlite template), then the
// build stamp that lets `npm start` skip a build when no source changed (see build-stamp.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startBuild } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Runs npm with the same npm that runs us (npm_execpath), else the one on the PATH. */
function npm(args) {
  const [command, prefix] = process.env.npm_execpath
    ? [process.execPath, [process.env.npm_execpath]]
    : [process.platform === 'win32' ? 'npm.cmd' : 'npm', []];
  const result = spawnSync(command, [...prefix, ...args], { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Builds everything; returns the exit status (0 when it worked). */
export function buildAll() {
  const finished = startBuild(root);
  for (const workspace of ['@closia/web', '@closia/server']) {
    const status = npm(['run', 'build', '-w', workspace]);
    if (status !== 0) return status;
  }
  finished();
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) process.exit(buildAll());
