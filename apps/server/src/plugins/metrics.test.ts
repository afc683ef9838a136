import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestContext } from '../test/helpers';

const TOKEN = 'metrics-token-for-the-tests-0123';

describe('GET /metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => ctx.close());

  it('answers the scraper that sends the bearer token, with request durations by route', async () => {
    await ctx.app.inject({ url: '/health' });
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/health"');
  });

  it('counts how the search caches answered, by cache and outcome', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    const hits = async () => {
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const line = /closia_cache_lookups_total\{cache="missions\.page",outcome="hit"\} (\d+)/.exec(res.body);
      return Number(line?.[1] ?? 0);
    };
    const before = await hits();
    expect((await client.get('/api/v1/missions?query=closing')).statusCode).toBe(200);
    expect((await client.get('/api/v1/missions?query=closing')).statusCode).toBe(200);
    expect(await hits()).toBe(before + 1);
  });

  it('refuses anyone else with 401 in the error envelope', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'E_UNAUTHORIZED_ACCESS', message: 'Unauthorized access' });
      expect(res.body).not.toContain('http_request');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('does not exist', async () => {
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu');
  });
});
