import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('checks the database', async () => {
    const res = await ctx.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
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
});

describe('errors', () => {
  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Cannot GET /api/v1/nothing-here' });
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

describe('GET /metrics and /api/docs', () => {
  it('exposes Prometheus metrics with request durations', async () => {
    await ctx.app.inject({ url: '/health' });
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/health"');
  });

  it('publishes the OpenAPI document with the auth endpoints', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/user']),
    );
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
