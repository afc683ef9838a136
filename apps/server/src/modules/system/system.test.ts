import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterReplySettled } from '../../lib/after-reply';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'closia-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Closia</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'version.json'), '{"buildId":"1"}');
  ctx = await createTestApp({ webDist });
});
afterAll(() => ctx.close());

describe('GET /health', () => {
  it('checks the database (and says how Redis is when it is configured)', async () => {
    const res = await ctx.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      ...(ctx.app.redis ? { redis: 'ok' } : {}),
    });
  });
});

describe('GET /api/v1/redirects', () => {
  it.each([
    ['/login', '/auth/sign-in'],
    ['/login/', '/auth/sign-in'],
    ['/register', '/auth/sign-up'],
    ['/dashboard', null],
  ])('%s → %s', async (p, redirect) => {
    const res = await ctx.app.inject({ url: `/api/v1/redirects?path=${encodeURIComponent(p)}` });
    expect(res.json()).toEqual({ redirect });
  });

  it('answers 422 without a path', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/redirects' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'path', rule: 'required', message: 'The path field must be defined' },
    ]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '/__proto__', 'valueOf/'])(
    'knows no redirect for %s (not an Object.prototype member)',
    async (p) => {
      const res = await ctx.app.inject({ url: `/api/v1/redirects?path=${encodeURIComponent(p)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ redirect: null });
    },
  );

  it('is cached by browsers and proxies when it succeeds, never when it fails', async () => {
    const ok = await ctx.app.inject({ url: '/api/v1/redirects?path=%2Flogin' });
    expect(ok.headers['cache-control']).toBe('public, max-age=300');
    const bad = await ctx.app.inject({ url: '/api/v1/redirects?path=%2Flogin%00' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([
      {
        field: 'path',
        rule: 'invalidCharacters',
        message: 'The path field must not contain NUL characters or unpaired surrogates',
      },
    ]);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Cannot GET /api/v1/nothing-here' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never lets an error answer keep a cache header set before the failure', async () => {
    // The avatar route sets `public, max-age=31536000, immutable` only once the file is found;
    // the 404, the 422 and the 401 all answer no-store.
    for (const url of [
      `/api/v1/user/upload/${'0'.repeat(32)}.webp?type=profile`,
      '/api/v1/users/2147483648',
      '/api/v1/user',
      '/assets/old-chunk.js',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/api/v1/csrf');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': client.cookies['XSRF-TOKEN']! },
      cookies: client.cookies,
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('E_BAD_REQUEST');
  });

  it('answers a body over 1 MB with 413', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/api/v1/auth/login', { email: 'a@b.fr', password: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'E_PAYLOAD_TOO_LARGE', message: 'Payload too large' });
  });
});

describe('web app', () => {
  it('serves index.html for app routes, never cached, with the CSRF cookie', async () => {
    const res = await ctx.app.inject({ url: '/dashboard/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
    expect(res.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('serves hashed assets with a long cache and answers a missing one with 404', async () => {
    const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ url: '/assets/old-chunk.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves version.json uncached', async () => {
    const res = await ctx.app.inject({ url: '/version.json' });
    expect(res.json()).toEqual({ buildId: '1' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

// GET /metrics needs METRICS_TOKEN now: plugins/metrics.test.ts covers it.
describe('GET /api/docs', () => {
  it('publishes the OpenAPI document with the auth endpoints', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/user']),
    );
    // Ids are 32-bit, e-mails and URLs say so, uploads are multipart forms.
    expect(doc.paths['/api/v1/users/{id}'].get.parameters).toEqual([
      expect.objectContaining({
        in: 'path',
        name: 'id',
        schema: expect.objectContaining({ type: 'integer', maximum: 2147483647 }),
      }),
    ]);
    const register = doc.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register.properties.email).toMatchObject({ type: 'string', format: 'email' });
    const upload = doc.paths['/api/v1/user/profile'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('GET /api/v1/admin/outbox', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(ctx.app).get('/api/v1/admin/outbox')).statusCode).toBe(401);
    const { client } = await signedInClient(ctx.app);
    const res = await client.get('/api/v1/admin/outbox');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('E_FORBIDDEN');
  });

  it('lists the mails sent to an address with their link', async () => {
    const target = await createUser(ctx.app);
    await new TestClient(ctx.app, '10.9.9.9').post('/api/v1/auth/forgot-password', { email: target.email });
    await afterReplySettled(); // the e-mail leaves after the answer
    const { client } = await signedInClient(ctx.app, { admin: true });
    const res = await client.get(`/api/v1/admin/outbox?to=${encodeURIComponent(target.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        to: target.email,
        subject: 'Réinitialisation de votre mot de passe',
        sentAt: null,
      }),
    ]);
    expect(res.json().data[0].link).toContain('/auth/reset-password?token=');
  });
});
