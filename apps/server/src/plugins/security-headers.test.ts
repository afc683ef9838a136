import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestContext } from '../test/helpers';
import { apiContentSecurityPolicy, contentSecurityPolicy } from './security-headers';

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('come with every answer: API, errors, unknown paths, CSRF failures', async () => {
    const client = new TestClient(ctx.app);
    const answers = [
      await client.get('/api/v1/redirects?path=/login'),
      await client.get('/api/v1/user'),
      await client.get('/api/v1/nope'),
      await client.get('/health'),
      await client.post('/api/v1/auth/login', { email: 'a@b.fr', password: 'x' }, { csrf: false }),
      await client.request('POST', '/api/v1/auth/login', '{"broken', {
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const res of answers) {
      // Not a page: a policy that loads nothing and forbids framing.
      expect(res.headers['content-security-policy']).toBe(apiContentSecurityPolicy);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // Helmet separates the directives with ";" alone (the CSP grammar allows either).
    expect(apiContentSecurityPolicy).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('forbid inline scripts and framing', () => {
    expect(contentSecurityPolicy).toContain("script-src 'self';");
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe/);
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });
});

describe('security headers behind HTTPS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ appUrl: 'https://closia.example', secureCookies: true });
  });
  afterAll(() => ctx.close());

  it('add Strict-Transport-Security', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/user' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
