import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStatus, OUTPUTS, scanInputs, startBuild } from '../../../../scripts/build-stamp.mjs';

// `npm start` (scripts/start.mjs) builds only when a source changed since the last build.

let root: string;
const HOUR = 3600_000;

/** Writes a file of the fixture tree, dated `ageMs` ago. */
function file(relative: string, ageMs = 2 * HOUR, content = 'x') {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  date(relative, -ageMs);
}
/** Sets a file's modification time `offsetMs` from now. */
function date(relative: string, offsetMs: number) {
  const when = new Date(Date.now() + offsetMs);
  utimesSync(path.join(root, relative), when, when);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'closia-stamp-'));
  file('package.json');
  file('package-lock.json');
  file('apps/web/src/main.tsx');
  file('apps/web/index.html');
  file('apps/server/src/main.ts');
  file('apps/server/src/db/client.ts');
  file('apps/server/scripts/build.mjs');
  file('packages/shared/src/index.ts');
  file('apps/server/src/db/client.test.ts');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a successful build leaves: the outputs, then the stamp. */
function build() {
  const finished = startBuild(root);
  for (const output of OUTPUTS) file(output, 0);
  finished();
}

describe('build stamp', () => {
  it('asks for a build when never built or an output is missing', () => {
    expect(buildStatus(root)).toMatchObject({ upToDate: false, reason: expect.stringMatching(/missing/) });
    for (const output of OUTPUTS) file(output, 0);
    expect(buildStatus(root)).toEqual({ upToDate: false, reason: 'no build stamp' });
    build();
    expect(buildStatus(root)).toEqual({ upToDate: true, reason: 'build is up to date' });
    rmSync(path.join(root, OUTPUTS[1]!));
    expect(buildStatus(root).upToDate).toBe(false);
  });

  it('reads the inputs, not the outputs, dependencies or tests', () => {
    file('apps/server/src/modules/new.ts', HOUR);
    file('apps/web/dist/assets/app.js', 0);
    file('apps/web/node_modules/pkg/index.js', 0);
    file('apps/web/src/app.test.tsx', 0);
    file('apps/web/tsconfig.tsbuildinfo', 0);
    const scan = scanInputs(root);
    expect(scan.newest.path).toBe(path.join('apps/server/src/modules/new.ts'));
    expect(scan.files).toBe(9);
  });

  it('asks for a build after a source or the lockfile changed, not after a test did', () => {
    build();
    file('apps/server/src/db/client.test.ts', 0);
    file('apps/server/src/db/new.test.ts', 0);
    expect(buildStatus(root).upToDate).toBe(true);

    const changes = ['packages/shared/src/index.ts', 'package-lock.json', 'apps/web/index.html'];
    for (const [index, changed] of changes.entries()) {
      build();
      // Each change later than the one before, so that the newest file is never a tie.
      date(changed, 1000 * (index + 1));
      expect(buildStatus(root)).toEqual({
        upToDate: false,
        reason: `${changed} changed since the last build`,
      });
    }
  });

  it('asks for a build after a source file was removed, renamed or added with an old date', () => {
    build();
    rmSync(path.join(root, 'apps/server/src/db/client.ts'));
    expect(buildStatus(root)).toMatchObject({
      upToDate: false,
      reason: expect.stringMatching(/7 now, 8 then/),
    });
    build();
    file('apps/web/src/copied-in.ts', 5 * HOUR); // e.g. restored with its original date
    expect(buildStatus(root).upToDate).toBe(false);
  });

  it('does not trust the clock: a file dated in the future neither hides a change nor forces a build', () => {
    file('apps/web/src/skewed.ts', -HOUR); // an hour ahead, e.g. unpacked from elsewhere
    build();
    expect(buildStatus(root).upToDate).toBe(true);
    date('apps/server/src/main.ts', 0); // edited now: older than the skewed file, still a change
    expect(buildStatus(root).upToDate).toBe(false);
  });
});
