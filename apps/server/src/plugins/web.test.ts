import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { apiContentSecurityPolicy, contentSecurityPolicy } from './security-headers';

/** A built web app in miniature: a page, a hashed script with its compressed siblings, the build id. */
const indexHtml = `<!doctype html><html lang="fr"><head><title>Closia</title>${'<meta name="x" content="remplissage">'.repeat(40)}</head><body><div id="root"></div></body></html>\n`;
const script = `export const greeting = ${JSON.stringify('Bonjour '.repeat(400))};\n`;
const versionJson = '{"buildId":"test-build"}\n';
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>\n';

let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'closia-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(path.join(dist, 'assets', 'x-hash.js'), script);
  writeFileSync(path.join(dist, 'assets', 'x-hash.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'x-hash.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'version.json'), versionJson);
  writeFileSync(path.join(dist, 'favicon.svg'), favicon);
  ctx = await createTestApp({ webDist: dist, logLevel: 'silent' });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') {
  return ctx.app.inject({
    method,
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

/** The body as the browser sees it once it has undone the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected encoding ${response.headers['content-encoding']}`);
  }
}

describe('precompressed files', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip;q=0', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %j → %s', async (acceptEncoding, expected) => {
    const res = await get('/assets/x-hash.js', acceptEncoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res)).toBe(script);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('sends fewer bytes compressed than the file itself', async () => {
    const [br, gz, plain] = await Promise.all([
      get('/assets/x-hash.js', 'br'),
      get('/assets/x-hash.js', 'gzip'),
      get('/assets/x-hash.js'),
    ]);
    expect(plain.rawPayload.length).toBe(Buffer.byteLength(script));
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('HEAD gives the headers of the chosen representation and no body', async () => {
    const res = await get('/assets/x-hash.js', 'gzip, br', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('the compressed siblings are not URLs of their own', async () => {
    for (const url of ['/assets/x-hash.js.br', '/assets/x-hash.js.gz']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'E_NOT_FOUND' });
    }
    const page = await get('/index.html.gz');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(decoded(page)).toBe(indexHtml);
  });
});

describe('index.html and the single-page fallback', () => {
  // `/`, `/blog…` and `/tutorials…` get their head and content (modules/articles/article-pages.test.ts).
  it.each(['/index.html', '/dashboard/settings', '/admin/formations-catalogue?page=2'])(
    '%s → index.html, revalidated on every use',
    async (url) => {
      for (const [acceptEncoding, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, acceptEncoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res)).toBe(indexHtml);
      }
    },
  );

  it('HEAD on a page path answers like GET without a body', async () => {
    const res = await get('/app/missions', 'gzip', 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.length).toBe(0);
  });

  it('a missing hashed asset is a JSON 404, not the page', async () => {
    const res = await get('/assets/removed-by-a-new-build.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      code: 'E_NOT_FOUND',
      message: 'Cannot GET /assets/removed-by-a-new-build.js',
    });
  });

  it('unknown API paths are JSON 404s, not the page', async () => {
    for (const url of ['/api/v1/nothing-here', '/health/deep', '/metrics/x', '/__transmit/nope']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'E_NOT_FOUND' });
    }
  });
});

describe('other files of the build', () => {
  it('version.json is never served from a cache without asking', async () => {
    const res = await get('/version.json', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Too small to be worth compressing: the build wrote no sibling, the file itself is sent.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ buildId: 'test-build' });
  });

  it('a public file without a hash is cached for a short while', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(favicon);
  });

  it('a conditional request for an unchanged file answers 304', async () => {
    const first = await get('/assets/x-hash.js', 'br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/assets/x-hash.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('security headers of pages and files', () => {
  it('a page gets the app’s policy and the headers that govern documents', async () => {
    const res = await get('/dashboard/settings');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('a script gets the policy that loads nothing, and nosniff', async () => {
    const res = await get('/assets/x-hash.js', 'br');
    expect(res.headers['content-security-policy']).toBe(apiContentSecurityPolicy);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});

describe('the XSRF-TOKEN cookie', () => {
  const xsrf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'XSRF-TOKEN');

  it('is set by pages (index.html) and API answers', async () => {
    for (const url of ['/', '/dashboard/settings', '/api/v1/csrf', '/api/v1/nothing-here']) {
      expect(xsrf(await get(url, 'br')), url).toBeDefined();
    }
  });

  it('is never set on a static file: a hashed asset cached for a year, the icon, version.json, a 404', async () => {
    for (const url of [
      '/assets/x-hash.js',
      '/assets/removed-by-a-new-build.js',
      '/favicon.svg',
      '/favicon.ico',
      '/robots.txt',
      '/version.json',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await get(url, 'br, gzip', method);
        expect(res.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
      }
    }
    const immutable = await get('/assets/x-hash.js', 'br');
    expect(immutable.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(immutable.headers['set-cookie']).toBeUndefined();
  });
});

describe('robots.txt and favicon.ico', () => {
  it('robots.txt lets crawlers in the public site only, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /app\nDisallow: /api\n\nSitemap: http://localhost:3000/sitemap.xml\n',
    );
    expect(res.body).not.toMatch(/<html/i);
  });

  it('favicon.ico answers the app’s icon, not the page', async () => {
    const res = await get('/favicon.ico', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(favicon);
  });

  it('a root file the build does not have answers the JSON 404, never the page', async () => {
    for (const url of ['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: `Cannot GET ${url}` });
    }
  });
});
