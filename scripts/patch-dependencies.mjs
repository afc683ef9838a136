// Applies the dependency patches of patches/<package>@<version>/ to the installed packages.
// Runs as the root `postinstall` (npm install and npm ci run it), and by hand:
//   node scripts/patch-dependencies.mjs           apply what is missing (idempotent)
//   node scripts/patch-dependencies.mjs --check   change nothing; exit 1 unless every copy is patched
//
// A patch folder mirrors the package's layout (patches/postgres@3.4.9/src/queue.js replaces
// node_modules/postgres/src/queue.js) and holds a patch.json with the sha256 of each upstream
// file it replaces. A file is replaced only when it is exactly that upstream file; an installed
// version other than the one the patch was written for is left alone with a loud warning (the
// upstream fix may have landed: check, then move or delete the patch folder).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const patchesDir = path.join(root, 'patches');
const check = process.argv.includes('--check');

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

/** The project root and each workspace folder: where npm may have installed a package. */
function installRoots() {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const roots = [root];
  for (const pattern of pkg.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(root, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true }))
        if (entry.isDirectory()) roots.push(path.join(parent, entry.name));
    } else {
      roots.push(path.join(root, pattern));
    }
  }
  return roots;
}

/** Every installed copy of a package (a workspace may hold its own version). */
function installedCopies(name) {
  const copies = new Map();
  for (const dir of installRoots()) {
    const packageDir = path.join(dir, 'node_modules', name);
    if (!existsSync(path.join(packageDir, 'package.json'))) continue;
    const real = realpathSync(packageDir);
    if (!copies.has(real)) copies.set(real, path.relative(root, packageDir));
  }
  return [...copies].map(([dir, label]) => ({ dir, label }));
}

function warn(lines) {
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '!'.repeat(width + 4);
  console.warn([bar, ...lines.map((line) => `! ${line.padEnd(width)} !`), bar].join('\n'));
}

const patches = existsSync(patchesDir)
  ? readdirSync(patchesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(patchesDir, entry.name, 'patch.json')))
      .map((entry) => ({
        dir: path.join(patchesDir, entry.name),
        ...JSON.parse(readFileSync(path.join(patchesDir, entry.name, 'patch.json'), 'utf8')),
      }))
  : [];

let problems = 0;
for (const patch of patches) {
  const id = `${patch.package}@${patch.version}`;
  const copies = installedCopies(patch.package);
  if (copies.length === 0) {
    console.log(`patch ${id}: ${patch.package} is not installed, nothing to patch`);
    continue;
  }
  for (const copy of copies) {
    const { version } = JSON.parse(readFileSync(path.join(copy.dir, 'package.json'), 'utf8'));
    if (version !== patch.version) {
      problems += 1;
      warn([
        `${copy.label} is version ${version}, but patches/${id} was written for ${patch.version}:`,
        'NOT patched. Check whether this version fixes what the patch fixes',
        `(${path.relative(root, path.join(patch.dir, 'patch.json'))} says why), then port the patch`,
        'to the new version or delete its folder.',
      ]);
      continue;
    }
    const applied = [];
    const already = [];
    for (const [file, upstreamSha] of Object.entries(patch.files)) {
      const target = path.join(copy.dir, file);
      const patched = readFileSync(path.join(patch.dir, file));
      const current = existsSync(target) ? readFileSync(target) : null;
      if (current?.equals(patched)) {
        already.push(file);
      } else if (current && sha256(current) === upstreamSha) {
        if (check) {
          problems += 1;
          console.error(`patch ${id}: ${path.join(copy.label, file)} is not patched`);
          continue;
        }
        // Write beside, then rename: an interrupted install never leaves half a file.
        const temporary = `${target}.closia-patch`;
        writeFileSync(temporary, patched);
        renameSync(temporary, target);
        applied.push(file);
      } else {
        problems += 1;
        warn([
          `${path.join(copy.label, file)} is neither upstream ${id} nor the patched file:`,
          `NOT patched. Reinstall ${patch.package} (npm ci) or update patches/${id}.`,
        ]);
      }
    }
    if (applied.length) console.log(`patched ${copy.label} (${id}): ${applied.join(', ')}`);
    else if (already.length === Object.keys(patch.files).length)
      console.log(`patch ${id}: ${copy.label} already patched`);
  }
}

// An install must not fail over a patch (the warning above says what to do), but a check must.
if (check && problems > 0) process.exit(1);
