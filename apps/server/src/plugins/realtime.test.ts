import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import { users } from '../db/schema';
import { createTestApp, createUser, signedInClient, TestClient, type TestContext } from '../test/helpers';
import { eventually, liveClient, nextMessage } from '../test/live-client';

let ctx: TestContext;
let baseUrl: string;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => ctx.close());

const subscribe = (client: TestClient, uid: string, channel: string) =>
  client.post('/api/v1/__transmit/subscribe', { uid, channel });

describe('the realtime channel (Transmit protocol)', () => {
  it('refuses an anonymous stream and anonymous subscriptions', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/__transmit/events?uid=abc' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('E_UNAUTHORIZED_ACCESS');
    const anonymous = new TestClient(ctx.app);
    const sub = await subscribe(anonymous, 'abc', 'users/1');
    expect(sub.statusCode).toBe(401);
  });

  it('answers the 422 envelope for a bad uid or channel, and 403 without the CSRF header', async () => {
    const { client } = await signedInClient(ctx.app);
    const bad = await subscribe(client, 'not a uid!', '');
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['channel', 'uid']);
    const events = await client.get('/api/v1/__transmit/events?uid=');
    expect(events.statusCode).toBe(422);
    const noCsrf = await client.post(
      '/api/v1/__transmit/subscribe',
      { uid: 'abc', channel: 'users/1' },
      { csrf: false },
    );
    expect(noCsrf.statusCode).toBe(403);
  });

  it('delivers what is broadcast on my channel to the real client, and nothing of others', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const failures: number[] = [];
    const transmit = liveClient(baseUrl, client.cookies, {
      onSubscribeFailed: (response) => failures.push(response.status),
    });
    try {
      const mine = transmit.subscription(`users/${user.id}`);
      await mine.create();
      expect(mine.isCreated).toBe(true);

      const received = nextMessage(mine);
      ctx.app.realtime.broadcast(`users/${user.id}`, { type: 'notifications.read', unreadCount: 3 });
      expect(await received).toEqual({ type: 'notifications.read', unreadCount: 3 });

      // Another user's channel, an unknown family of channels: refused, the failure hook fires.
      const other = await createUser(ctx.app);
      const theirs = transmit.subscription(`users/${other.id}`);
      await theirs.create();
      expect(theirs.isCreated).toBe(false);
      const unknown = transmit.subscription('admin/everything');
      await unknown.create();
      expect(unknown.isCreated).toBe(false);
      expect(failures).toEqual([404, 404]);
    } finally {
      transmit.close();
    }
  });

  it('refuses to attach a channel to a stream of another user', async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const transmit = liveClient(baseUrl, alice.client.cookies);
    try {
      const sub = transmit.subscription(`users/${alice.user.id}`);
      await sub.create();
      // Bob knows Alice's stream id but may only subscribe streams of his own.
      const res = await subscribe(bob.client, transmit.uid, `users/${bob.user.id}`);
      expect(res.statusCode).toBe(404);
      expect(ctx.app.realtime.hub.subscriberCount(`users/${bob.user.id}`)).toBe(0);
    } finally {
      transmit.close();
    }
  });

  it.each([
    'teams/2147483648',
    'teams/99999999999999999999',
    'teams/0',
    'teams/1/chats/2147483648',
    'teams/2147483648/chats/1',
    'conversations/2147483648',
    'users/2147483648',
    'users/00000000000000000000000000000000000000000001',
    'teams/-1',
    'teams/',
    'teams/abc',
    'teams/1/extra',
    'teams/1/chats/1/extra',
  ])('answers %s like an unknown channel: 404, never 500', async (channel) => {
    const { client } = await signedInClient(ctx.app);
    const res = await subscribe(client, 'abc', channel);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'E_NOT_FOUND', message: 'Channel not found' });
  });

  it("refuses a uid held by another user's stream and leaves their stream open", async () => {
    const alice = await signedInClient(ctx.app);
    const bob = await signedInClient(ctx.app);
    const transmit = liveClient(baseUrl, alice.client.cookies);
    try {
      const sub = transmit.subscription(`users/${alice.user.id}`);
      await sub.create();
      expect(sub.isCreated).toBe(true);
      const [stream] = ctx.app.realtime.hub.streamsOf(alice.user.id);

      // Bob opens a stream with Alice's uid: refused, before any stream is opened for him.
      const res = await bob.client.get(`/api/v1/__transmit/events?uid=${transmit.uid}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'E_CONFLICT', message: 'This stream id is in use' });
      expect(ctx.app.realtime.hub.streamsOf(bob.user.id)).toEqual([]);

      // Alice's stream is the same one, still subscribed, and still receives.
      expect(ctx.app.realtime.hub.streamsOf(alice.user.id)).toEqual([stream]);
      expect(stream!.channels.has(`users/${alice.user.id}`)).toBe(true);
      const received = nextMessage(sub);
      ctx.app.realtime.broadcast(`users/${alice.user.id}`, { type: 'notifications.read', unreadCount: 4 });
      expect(await received).toEqual({ type: 'notifications.read', unreadCount: 4 });
    } finally {
      transmit.close();
    }
  });

  it('closes the stream when its session ends (logout)', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const transmit = liveClient(baseUrl, { ...client.cookies });
    try {
      const sub = transmit.subscription(`users/${user.id}`);
      await sub.create();
      expect(ctx.app.realtime.hub.streamsOf(user.id)).toHaveLength(1);
      await client.post('/api/v1/auth/logout');
      await eventually(() => ctx.app.realtime.hub.streamsOf(user.id).length === 0);
    } finally {
      transmit.close();
    }
  });

  it('marks a user online while a stream is open and offline once it closes', async () => {
    const { user, client } = await signedInClient(ctx.app);
    await ctx.app.db.update(users).set({ lastSeenAt: null }).where(eq(users.id, user.id));
    const seen = async () =>
      (await ctx.app.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, user.id)))[0]!.at;
    const transmit = liveClient(baseUrl, client.cookies);
    const sub = transmit.subscription(`users/${user.id}`);
    await sub.create();
    await eventually(async () => {
      const at = await seen();
      return at !== null && Date.now() - at.getTime() < 60_000;
    });
    transmit.close();
    await eventually(async () => Date.now() - (await seen())!.getTime() >= 5 * 60_000);
  });

  it('reconnects after the server restarts and receives again', async () => {
    // A server of its own on the shared database, so that this test can stop and start it.
    const database = { ...ctx.database, close: async () => {} };
    let first: App | null = await buildApp(testConfig(), { database });
    await first.listen({ port: 0, host: '127.0.0.1' });
    const ownPort = (first.server.address() as AddressInfo).port;
    const { user, client } = await signedInClient(first);
    const attempts: number[] = [];
    const transmit = liveClient(`http://127.0.0.1:${ownPort}`, client.cookies, {
      onReconnectAttempt: (n) => attempts.push(n),
    });
    let second: App | null = null;
    try {
      const sub = transmit.subscription(`users/${user.id}`);
      await sub.create();
      const before = nextMessage(sub);
      first.realtime.broadcast(`users/${user.id}`, { type: 'notifications.read', unreadCount: 1 });
      expect(await before).toEqual({ type: 'notifications.read', unreadCount: 1 });

      await first.close();
      first = null;
      second = await buildApp(testConfig(), { database });
      await second.listen({ port: ownPort, host: '127.0.0.1' });
      const restarted = second;
      // The client reconnects on its own and subscribes its channels again.
      await eventually(() => restarted.realtime.hub.subscriberCount(`users/${user.id}`) === 1, 15_000);
      const after = nextMessage(sub);
      restarted.realtime.broadcast(`users/${user.id}`, { type: 'notifications.read', unreadCount: 2 });
      expect(await after).toEqual({ type: 'notifications.read', unreadCount: 2 });
      expect(attempts.length).toBeGreaterThan(0);
    } finally {
      transmit.close();
      await first?.close();
      await second?.close();
    }
  }, 30_000);
});

/** Two instances on one database and one Redis, like two servers behind a load balancer. */
describe.skipIf(!process.env.REDIS_URL)('across instances (Redis pub/sub)', () => {
  let second: App;
  let secondUrl: string;
  beforeAll(async () => {
    const config = testConfig({ redisUrl: process.env.REDIS_URL, redisPrefix: ctx.app.config.redisPrefix });
    second = await buildApp(config, { database: { ...ctx.database, close: async () => {} } });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  });
  afterAll(() => second.close());

  it('a broadcast on A reaches a stream held by B; a subscribe sent to A attaches a stream on B', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const transmit = liveClient(secondUrl, client.cookies);
    try {
      const sub = transmit.subscription(`users/${user.id}`);
      await sub.create();
      const received = nextMessage(sub);
      ctx.app.realtime.broadcast(`users/${user.id}`, { type: 'notifications.read', unreadCount: 7 });
      expect(await received).toEqual({ type: 'notifications.read', unreadCount: 7 });

      // No sticky sessions: the subscribe request lands on A, the stream lives on B.
      const stream = second.realtime.hub.streamsOf(user.id)[0]!;
      second.realtime.hub.unsubscribe(stream, `users/${user.id}`);
      const res = await subscribe(client, transmit.uid, `users/${user.id}`);
      expect(res.statusCode).toBe(204);
      await eventually(() => stream.channels.has(`users/${user.id}`));

      // A revocation on A drops the subscription on B.
      ctx.app.realtime.revoke(user.id, `users/${user.id}`);
      await eventually(() => second.realtime.hub.subscriberCount(`users/${user.id}`) === 0);
    } finally {
      transmit.close();
    }
  });
});
