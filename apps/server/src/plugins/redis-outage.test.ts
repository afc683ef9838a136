import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { createTestApp, createUser, TestClient, type TestContext } from '../test/helpers';
import { findRedisServer, type OwnRedis, startOwnRedis } from '../test/own-redis';

/**
 * Two instances on one database and a Redis of the test's own, which the test stops: nothing
 * waits on it, logins still work, /health says it is down, and a logout on A still holds on B
 * (no cache serves from memory while invalidations may be missed). Then it comes back.
 */
describe.skipIf(!findRedisServer())('Redis outage (own Redis, two instances)', () => {
  let redis: OwnRedis;
  let a: TestContext;
  let b: App;

  beforeAll(async () => {
    redis = await startOwnRedis();
    a = await createTestApp({ redisUrl: redis.url, redisPrefix: 'outage:' });
    b = await buildApp(testConfig({ redisUrl: redis.url, redisPrefix: 'outage:' }), {
      database: { ...a.database, close: async () => {} },
    });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  const me = (client: TestClient) => client.get('/api/v1/user');
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it('serves degraded while Redis is down, keeps a logout on A a logout on B, and recovers', async () => {
    const user = await createUser(a.app);
    const onA = new TestClient(a.app);
    await onA.login(user.email);
    const onB = new TestClient(b, onA.ip);
    Object.assign(onB.cookies, onA.cookies);
    expect((await me(onB)).statusCode).toBe(200);
    expect((await b.inject({ url: '/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'ok',
    });

    await redis.stop();
    await new Promise((r) => setTimeout(r, 200));

    // /health: still 200 (the instance serves), and says what is missing.
    const health = await a.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'down' });

    // Writes and logins go on without waiting for Redis.
    const write = await timed(() => onA.put('/api/v1/user', { firstName: 'Pendant' }));
    expect(write.result.statusCode, write.result.body).toBe(200);
    expect(write.ms).toBeLessThan(1000);
    const other = await createUser(a.app);
    const login = await timed(() => new TestClient(b).login(other.email));
    expect(login.result.statusCode).toBe(200);
    expect(login.ms).toBeLessThan(1500);
    // Rate limits still hold, counted in the process.
    const guesser = new TestClient(b);
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const res = await guesser.post('/api/v1/auth/login', {
        email: other.email,
        password: 'mauvais-mot-de-passe',
      });
      limited = res.statusCode === 429;
    }
    expect(limited).toBe(true);

    // B saw A's change, and a logout on A is a logout on B: nothing served from memory.
    expect((await me(onB)).json().firstName).toBe('Pendant');
    expect((await onA.post('/api/v1/auth/logout')).statusCode).toBe(204);
    expect((await me(onB)).statusCode).toBe(401);

    await redis.start();
    const back = Date.now();
    while (Date.now() - back < 5000) {
      if ((await b.inject({ url: '/health' })).json().redis === 'ok' && b.invalidation.reliable) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await b.inject({ url: '/health' })).json().redis).toBe('ok');
    expect(b.invalidation.reliable).toBe(true);
    expect(a.app.invalidation.reliable).toBe(true);

    // The bus works again: a logout on A ends the session on B although B now caches it.
    const third = await createUser(a.app);
    const again = new TestClient(a.app);
    await again.login(third.email);
    const againOnB = new TestClient(b, again.ip);
    Object.assign(againOnB.cookies, again.cookies);
    expect((await me(againOnB)).statusCode).toBe(200);
    expect((await again.post('/api/v1/auth/logout')).statusCode).toBe(204);
    expect((await me(againOnB)).statusCode).toBe(401);
  });
});
