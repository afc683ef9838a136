// Bundles the server into dist/main.js (workspace TypeScript included, npm packages left external)
// and copies the migrations beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const shared = JSON.parse(readFileSync(path.join(root, '../../packages/shared/package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(shared.dependencies ?? {})].filter(
  (name) => !name.startsWith('@closia/'),
);

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'admin-create': path.join(root, 'src/cli/admin-create.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
console.log('server built to apps/server/dist');
