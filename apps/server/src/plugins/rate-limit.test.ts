import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestContext } from '../test/helpers';
import { fallbackStore } from './rate-limit';

const incr = (store: FastifyRateLimitStore, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(key, (err, result) => (err || !result ? reject(err) : resolve(result)), 60_000, 2);
  });

describe('fallbackStore', () => {
  it('counts in the process when Redis fails, whether it answers an error or throws, and warns once', async () => {
    const warnings: unknown[] = [];
    const failing: FastifyRateLimitStore = {
      incr: (_key, callback) => callback(new Error('Connection is closed.')),
      child: () => failing,
    };
    const throwing: FastifyRateLimitStore = {
      incr: () => {
        throw new Error('Stream isn’t writeable');
      },
      child: () => throwing,
    };
    const local = new LocalStore(false, false, 100);
    for (const primary of [failing, throwing]) {
      const store = fallbackStore(primary, local, (err) => warnings.push(err));
      expect(store.child({} as never)).toBe(store);
      await incr(store, `k-${warnings.length}`);
    }
    const store = fallbackStore(failing, local, (err) => warnings.push(err));
    expect((await incr(store, 'shared')).current).toBe(1);
    expect((await incr(store, 'shared')).current).toBe(2);
    const third = await incr(store, 'shared');
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    // One warning per store and minute, not one per request.
    expect(warnings).toHaveLength(3);
  });
});

describe('limits while Redis is unreachable', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens there: every command fails at once (no offline queue).
    ctx = await createTestApp({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'unreachable:' });
  });
  afterAll(() => ctx.close());

  it('still limits per address, in the process, with the same 429 and never a 5xx', async () => {
    const client = new TestClient(ctx.app);
    const started = performance.now();
    for (let i = 0; i < 30; i++) {
      const res = await client.post('/api/v1/auth/login', { email: `x${i}@example.com`, password: 'p' });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.statusCode).not.toBe(429);
    }
    const res = await client.post('/api/v1/auth/login', { email: 'y@example.com', password: 'p' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'E_TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

describe('RATE_LIMIT=false', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimit: false });
  });
  afterAll(() => ctx.close());

  it('turns the limits off', async () => {
    const client = new TestClient(ctx.app);
    for (let i = 0; i < 12; i++) {
      const res = await client.post('/api/v1/auth/forgot-password', { email: `someone${i}@example.com` });
      expect(res.statusCode).toBe(202);
    }
  });
});
