// Bundles the server into dist/server.cjs (run by dist/main.js through a V8 code cache, see
// main-loader.mjs) — workspace TypeScript and the pure-JavaScript npm packages included (loading
// one file instead of hundreds of modules cuts the start-up), the packages below
// left external — copies the migrations beside it, and writes the migrated PGlite template that a
// fresh DATA_DIR starts from (dist/pglite-template.tar.gz: no initdb and no migrations on a first start)
// and the same with the demo seeded in (dist/pglite-template-demo.tar.gz: no seeding either).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** Loaded from node_modules at run time, each for a reason that bundling would break. */
const external = [
  '@electric-sql/pglite', // loads its WebAssembly and data files from beside its own modules
  'postgres', // patched in node_modules by the root postinstall (patches/)
  'sharp', // native addon
  '@node-rs/argon2', // native addon
  'pino', // starts worker threads from its own files (transports)
  '@fastify/swagger-ui', // serves its static assets from its package
  'ioredis', // reads its package.json through __dirname
  // Large and needed only on some paths: kept out of the bundle that every start parses, and
  // loaded at first use (the invoice PDF; Stripe's SDK for webhook signatures or with its keys).
  'stripe',
  'pdf-lib',
  '@pdf-lib/fontkit',
];
// @fastify/swagger is bundled, though it reads its package.json through __dirname: only for the
// document's default title and version, which app.ts gives, and the read fails softly (try/catch).
// Bundled, it and yaml (which it loads on registration) are part of the bundle's one parse instead
// of ~100 CommonJS files resolved, read and compiled at every start (~250 ms of a warm start's profile).

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const name of external) {
  if (!pkg.dependencies[name]) throw new Error(`${name} is no longer a dependency: update build.mjs`);
}

rmSync(dist, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: {
    'admin-create': path.join(root, 'src/cli/admin-create.ts'),
    'make-pglite-template': path.join(root, 'scripts/make-pglite-template.ts'),
  },
  outdir: dist,
  format: 'esm',
  // Bundled CommonJS packages require() Node's built-ins and the external packages.
  banner: {
    js: "import { createRequire as __closiaCreateRequire } from 'node:module'; const require = __closiaCreateRequire(import.meta.url);",
  },
});
// The articles' Markdown pipeline (unified, remark, rehype, highlight.js: about 1 MB) in a script of
// its own, dist/markdown-pipeline.cjs, required at the first render (article-markdown.ts imports it
// lazily): a start of the server never reads nor parses it.
const markdownPipeline = 'markdown-pipeline.cjs';
await build({
  ...common,
  entryPoints: [path.join(root, 'src/modules/articles/markdown-pipeline.ts')],
  outfile: path.join(dist, markdownPipeline),
  format: 'cjs',
});
/** The server's `import('./markdown-pipeline')` becomes a require() of that script, beside server.cjs. */
const pipelineApart = {
  name: 'markdown-pipeline-apart',
  setup(bundle) {
    bundle.onResolve({ filter: /^\.\/markdown-pipeline$/ }, () => ({
      path: `./${markdownPipeline}`,
      external: true,
    }));
  },
};
// The server itself as one CommonJS script (dist/server.cjs), which dist/main.js (main-loader.mjs)
// runs through a V8 code cache; the same code, strict as the ES module it was: `import.meta` is
// what the loader passes it (__dirname, and its file's URL), and its import() of the external
// packages a require() (a script run by node:vm has no import() without experimental flags).
await build({
  ...common,
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(dist, 'server.cjs'),
  format: 'cjs',
  plugins: [pipelineApart],
  supported: { 'dynamic-import': false },
  define: { 'import.meta.dirname': '__dirname', 'import.meta.url': '__closiaModuleUrl' },
  banner: { js: "const __closiaModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
cpSync(path.join(root, 'scripts/main-loader.mjs'), path.join(dist, 'main.js'));
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log('server built to apps/server/dist');

// Built from the bundle itself, so the template is what this very code would have created.
const started = performance.now();
const templateModule = path.join(dist, 'make-pglite-template.js');
const { makePgliteTemplate } = await import(pathToFileURL(templateModule).href);
const templates = await makePgliteTemplate(dist);
rmSync(templateModule);
rmSync(`${templateModule}.map`);
console.log(
  `PGlite templates written to ${templates.map((file) => path.relative(process.cwd(), file)).join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
