import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

const API_ORIGIN = process.env.CLOSIA_API_ORIGIN ?? 'http://127.0.0.1:3333';

/**
 * Gives every build an id: defined as `__BUILD_ID__` in the client and written to
 * `dist/version.json`, which the running app polls to detect a newer deployment.
 */
function buildVersion(): Plugin {
  let buildId = 'dev';
  return {
    name: 'closia:build-version',
    config(_config, { command }) {
      if (command === 'build')
        buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      return { define: { __BUILD_ID__: JSON.stringify(buildId) } };
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ buildId })}\n`,
      });
    },
  };
}

/**
 * React Router ships a development and a production build but its package exports only the first
 * (the production one leaves out the dev warnings): point the production bundle at the latter.
 */
function reactRouterProductionBuild(): Alias[] {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dir, 'production', 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dir, 'production', 'dom-export.mjs') },
  ];
}

const proxied = ['/api', '/__transmit', '/health', '/metrics'];
const proxy = Object.fromEntries(
  proxied.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false }]),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), buildVersion(), precompress()],
  resolve: { alias: command === 'build' ? reactRouterProductionBuild() : [] },
  server: {
    port: 3000,
    strictPort: true,
    proxy,
  },
  // `vite preview` serves dist/ the same way (handy to try a production build against the dev API).
  preview: { port: 3000, strictPort: true, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every browser the target allows supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // `@closia/shared` is pure (enums, schemas, helpers): let unused Zod schemas be dropped
        // from chunks that only need a label or a helper.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // Framework code changes rarely: own long-cached chunks.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            // Not in the first load: the data layer is requested at start-up, with the page's chunks.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
}));
