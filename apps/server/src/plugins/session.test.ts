import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { sessions, users } from '../db/schema';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  signedInClient,
  TestClient,
  type TestContext,
} from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = async (client: TestClient) => client.get('/api/v1/user');

describe('session → user cache', () => {
  it('serves a signed-in request from memory: a row changed behind its back shows only once invalidated', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    expect((await me(client)).json().firstName).toBe('Test');
    // Another program edits the row: this instance keeps its cached copy until told.
    await ctx.app.db.update(users).set({ firstName: 'Changé' }).where(eq(users.id, user.id));
    expect((await me(client)).json().firstName).toBe('Test');
    await ctx.app.sessions.invalidateUser(user.id);
    expect((await me(client)).json().firstName).toBe('Changé');
  });

  it('answers GET /user with the sub-profile and unread count of the lookup', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'closer' });
    const body = (await me(client)).json();
    expect(body.closer).toMatchObject({ finishedProfileSetup: true });
    expect(body.unreadMessageCount).toBe(0);
  });

  it('shows an identity change at once', async () => {
    const { client } = await signedInClient(ctx.app);
    await me(client);
    const res = await client.put('/api/v1/user', { location: 'Lyon', available: false });
    expect(res.statusCode).toBe(200);
    expect((await me(client)).json()).toMatchObject({ location: 'Lyon', available: false });
  });

  it('shows a profile change and an account-type change at once', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    await me(client);
    expect((await client.put('/api/v1/user/setter', { description: 'Setter depuis 2019' })).statusCode).toBe(
      200,
    );
    expect((await me(client)).json().setter.description).toBe('Setter depuis 2019');
    expect((await client.post('/api/v1/user/change-account', {})).statusCode).toBe(200);
    expect((await me(client)).json().setter).toBeNull();
  });

  it('ends a session at once on logout', async () => {
    const { user } = await signedInClient(ctx.app);
    // Two browsers of the same user: logging out of one leaves the other signed in.
    const first = new TestClient(ctx.app);
    await first.login(user.email);
    const second = new TestClient(ctx.app);
    await second.login(user.email);
    const stolen = { ...first.cookies };
    await me(first);
    await me(second);
    expect((await first.post('/api/v1/auth/logout')).statusCode).toBe(204);
    // The cookie copied before logout is worthless at once, even though it was cached.
    const replay = new TestClient(ctx.app);
    Object.assign(replay.cookies, stolen);
    expect((await me(replay)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('ends the other sessions at once on a password change, and keeps the current one', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const other = new TestClient(ctx.app);
    await other.login(user.email);
    await me(other);
    const res = await client.post('/api/v1/auth/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'un-nouveau-mot-de-passe',
      passwordConfirmation: 'un-nouveau-mot-de-passe',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(client)).statusCode).toBe(200);
  });

  it('ends the session at once when the account is deleted', async () => {
    const { user } = await signedInClient(ctx.app);
    const a = new TestClient(ctx.app);
    await a.login(user.email);
    const b = new TestClient(ctx.app);
    await b.login(user.email);
    await me(b);
    expect((await a.delete('/api/v1/user')).statusCode).toBe(204);
    expect((await me(b)).statusCode).toBe(401);
  });

  it('ends the sessions of a suspended user once invalidated', async () => {
    const { user, client } = await signedInClient(ctx.app);
    await me(client);
    await ctx.app.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    await ctx.app.sessions.invalidateUser(user.id);
    expect((await me(client)).statusCode).toBe(401);
  });

  it('clears the cookie of a session that no longer exists', async () => {
    const { user, client } = await signedInClient(ctx.app);
    await me(client);
    await ctx.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    await ctx.app.sessions.invalidateUser(user.id);
    expect((await me(client)).statusCode).toBe(401);
    expect(client.cookies.closia_session).toBeUndefined();
  });
});

describe('session cache turned off (SESSION_CACHE_TTL_MS=0)', () => {
  let uncached: TestContext;
  beforeAll(async () => {
    uncached = await createTestApp({ sessionCacheTtlMs: 0 });
  });
  afterAll(() => uncached.close());

  it('reads the database on every request', async () => {
    const { user, client } = await signedInClient(uncached.app);
    await me(client);
    await uncached.app.db.update(users).set({ firstName: 'Direct' }).where(eq(users.id, user.id));
    expect((await me(client)).json().firstName).toBe('Direct');
  });
});

/**
 * Two instances of the app on one database and one Redis, like two servers behind a load
 * balancer: an invalidation published by one is applied by the other before the call returns.
 */
describe.skipIf(!process.env.REDIS_URL)('across instances (Redis pub/sub)', () => {
  let second: App;
  beforeAll(async () => {
    const config = testConfig({ redisUrl: process.env.REDIS_URL, redisPrefix: ctx.app.config.redisPrefix });
    // The same database object: this instance must not close it when it stops.
    second = await buildApp(config, { database: { ...ctx.database, close: async () => {} } });
    await second.ready();
  });
  afterAll(() => second.close());

  it('a logout on A ends the session on B at once; changes on A show on B at once', async () => {
    const user = await createUser(ctx.app);
    const onA = new TestClient(ctx.app);
    await onA.login(user.email);
    const onB = new TestClient(second, onA.ip);
    Object.assign(onB.cookies, onA.cookies);

    expect((await me(onB)).json().firstName).toBe('Test');
    // B serves from its own memory…
    await ctx.app.db.update(users).set({ firstName: 'Direct' }).where(eq(users.id, user.id));
    expect((await me(onB)).json().firstName).toBe('Test');
    // …until A changes the user.
    expect((await onA.put('/api/v1/user', { firstName: 'Amélie' })).statusCode).toBe(200);
    expect((await me(onB)).json().firstName).toBe('Amélie');

    expect((await onA.post('/api/v1/auth/logout')).statusCode).toBe(204);
    expect((await me(onB)).statusCode).toBe(401);
  });

  it('a password change on A ends the other sessions on B at once', async () => {
    const user = await createUser(ctx.app);
    const onA = new TestClient(ctx.app);
    await onA.login(user.email);
    const elsewhere = new TestClient(second);
    await elsewhere.login(user.email);
    expect((await me(elsewhere)).statusCode).toBe(200);
    const res = await onA.post('/api/v1/auth/change-password', {
      currentPassword: DEFAULT_PASSWORD,
      password: 'un-nouveau-mot-de-passe',
      passwordConfirmation: 'un-nouveau-mot-de-passe',
    });
    expect(res.statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });
});
