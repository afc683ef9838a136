import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@closia/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/__transmit/', '/health', '/metrics'];

/** The build writes `x.br` and `x.gz` beside the files worth compressing (apps/web/build/precompress.ts). */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/** Files the build rewrites under the same name (the page, its start-up script, the build id): always revalidated. */
const REVALIDATED_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.txt']);

export const cacheControl = {
  /** `/assets/*`: the file name holds a hash of the content, so it never changes. */
  immutable: 'public, max-age=31536000, immutable',
  /** May be cached, but checked with the server (ETag / Last-Modified → 304) before each use. */
  revalidate: 'no-cache',
  /** Other public files (favicon, images): a short cache. */
  short: 'public, max-age=3600',
} as const;

/**
 * robots.txt: the public site may be crawled; the app behind sign-in (`/dashboard`, `/app`), the
 * admin pages and the API may not. It points to the sitemap (`/sitemap.xml`, modules/articles).
 */
export const robotsTxt = (appUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /app',
    'Disallow: /api',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');

/** Files browsers and crawlers ask for at the root: when the build has none, a 404, never the page. */
const ROOT_FILES = /^\/(?:favicon\.ico|robots\.txt|sitemap\.xml|apple-touch-icon[\w.-]*\.png)$/;

/** The Cache-Control of a file of the build, from its path relative to the build root. */
export function cacheControlFor(relativePath: string): string {
  const logical = relativePath.split(path.sep).join('/').replace(PRECOMPRESSED_SUFFIX, '');
  if (logical.startsWith('assets/')) return cacheControl.immutable;
  if (REVALIDATED_EXTENSIONS.has(path.posix.extname(logical))) return cacheControl.revalidate;
  return cacheControl.short;
}

/**
 * Serves the built web app:
 * - the brotli or gzip file the build wrote beside each compressible file, as the request's
 *   `Accept-Encoding` allows (br first, then gzip, else the file itself), with `Vary: Accept-Encoding`;
 * - hashed `/assets/*` cached for a year, `index.html`, `version.json` and the other rewritten files
 *   revalidated on every use, the remaining public files cached for an hour;
 * - `/robots.txt` (`robotsTxt`, with the sitemap's address) and `/favicon.ico` (the app's `favicon.svg`) unless the build has them;
 * - every other GET path answered with `index.html` so the React router can show the page (or its 404).
 * A missing `/assets/*` file, a missing root file (`ROOT_FILES`) and unknown API paths answer the
 * JSON 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const dist = app.config.webDist;
    const built = (name: string) => dist !== null && existsSync(path.join(dist, name));
    if (!built('robots.txt')) {
      app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
        reply
          .header('cache-control', cacheControl.short)
          .type('text/plain; charset=utf-8')
          .send(robotsTxt(app.config.appUrl)),
      );
    }
    if (dist) {
      await app.register(fastifyStatic, {
        root: dist,
        // One route per built file, found at start: a missing asset is a real 404, not index.html.
        wildcard: false,
        index: false,
        // The `.br`/`.gz` siblings are representations of their file, not URLs of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        preCompressed: true,
        setHeaders(reply, filePath) {
          reply.header('cache-control', cacheControlFor(path.relative(dist, filePath)));
        },
      });
      // Browsers ask for /favicon.ico whatever the page declares: the app's icon.
      if (!built('favicon.ico') && built('favicon.svg')) {
        app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
          reply.sendFile('favicon.svg'),
        );
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => url.startsWith(p));
      // A missing hashed asset (old build) must fail so the client reloads, not receive HTML; so
      // must a missing icon or robots file (a crawler or a browser would take the page for it).
      const isAsset = url.startsWith('/assets/') || ROOT_FILES.test(url);
      if (!dist || isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply
          .code(404)
          .send({ code: errorCodes.notFound, message: `Cannot ${request.method} ${url}` });
      }
      // The SPA fallback: index.html (precompressed like any file, revalidated by setHeaders).
      return reply.sendFile('index.html');
    });
  },
  { name: 'web' },
);
