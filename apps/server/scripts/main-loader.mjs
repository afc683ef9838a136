// Copied by build.mjs to dist/main.js: runs the bundled server (dist/server.cjs) through a V8 code
// cache (dist/server.cjs.cache). Node 20 compiles a module anew at every start (its compile cache,
// module.enableCompileCache(), is Node 22+): parsing the 5 MB bundle and compiling every function
// the start-up calls cost a few hundred ms of CPU each time. The cache is written once, by the first
// start of a build, when it is listening (by then it holds every function the start-up compiled);
// V8 checks it against the source and its own version and flags, and a rejected or missing cache
// only means a normal compilation (and a new cache written). Nothing here is needed for correctness:
// a read-only dist/ just starts without it.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const file = path.join(import.meta.dirname, 'server.cjs');
const cacheFile = `${file}.cache`;

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined; // not written yet
}
// The CommonJS wrapper on the source's first line (its line numbers stay those of the source map);
// strict like the ES module it was bundled from.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {'use strict';${readFileSync(file, 'utf8')}\n})`,
  { filename: file, cachedData },
);

if (cachedData === undefined || script.cachedDataRejected) {
  // main.ts emits it once listening.
  process.once('closia:listening', () => {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    } catch {
      rmSync(temporary, { force: true }); // e.g. a read-only dist/: the next start compiles again
    }
  });
}

const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(file), module, file, import.meta.dirname);
