import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMailTo, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { liveClient, nextMessage } from '../../test/live-client';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const notify = (userId: number, n: number) =>
  ctx.app.notifier.notify({
    userId,
    type: 'team_event',
    title: `Événement ${n}`,
    link: '/dashboard/team',
    mail: { subject: `Événement ${n}`, text: 'Détails' },
  });

describe('the notification centre', () => {
  it('lists my notifications newest first with the unread count; never anyone else’s', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    const other = await signedInClient(ctx.app, { kind: 'setter' });
    for (const n of [1, 2, 3]) await notify(user.id, n);
    const page = (await client.get('/api/v1/notifications?perPage=2')).json();
    expect(page.data.map((x: { title: string }) => x.title)).toEqual(['Événement 3', 'Événement 2']);
    expect(page.meta).toMatchObject({ total: 3, perPage: 2, lastPage: 2, unreadCount: 3 });
    expect(page.data[0]).toMatchObject({ category: 'teams', count: 1, readAt: null, actor: null });
    expect((await other.client.get('/api/v1/notifications')).json().data).toEqual([]);
    expect((await client.get('/api/v1/notifications?perPage=51')).statusCode).toBe(422);
    expect((await client.get('/api/v1/notifications?unread=maybe')).statusCode).toBe(422);
    expect((await new TestClient(ctx.app).get('/api/v1/notifications')).statusCode).toBe(401);
  });

  it('marks some or all read, only mine, and pushes the count live', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    const other = await signedInClient(ctx.app, { kind: 'setter' });
    for (const n of [1, 2, 3]) await notify(user.id, n);
    const ids = (await client.get('/api/v1/notifications')).json().data.map((x: { id: number }) => x.id);
    // Someone else's ids change nothing.
    expect((await other.client.post('/api/v1/notifications/read', { ids })).json()).toEqual({
      unreadCount: 0,
    });
    expect((await client.get('/api/v1/notifications?unread=1')).json().data).toHaveLength(3);

    const transmit = liveClient(baseUrl, client.cookies);
    try {
      const sub = transmit.subscription(`users/${user.id}`);
      await sub.create();
      const pushed = nextMessage(sub);
      expect((await client.post('/api/v1/notifications/read', { ids: [ids[0]] })).json()).toEqual({
        unreadCount: 2,
      });
      expect(await pushed).toEqual({ type: 'notifications.read', unreadCount: 2 });
      const live = nextMessage(sub);
      await notify(user.id, 4);
      expect(await live).toMatchObject({
        type: 'notification',
        unreadCount: 3,
        notification: { title: 'Événement 4' },
      });
    } finally {
      transmit.close();
    }
    expect((await client.post('/api/v1/notifications/read', {})).json()).toEqual({ unreadCount: 0 });
    const bad = await client.post('/api/v1/notifications/read', { ids: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0]).toMatchObject({ field: 'ids', rule: 'arrayMinLength' });
  });

  it('e-mails per category as the user chose, with defaults', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    expect((await client.get('/api/v1/notifications/preferences')).json()).toEqual({
      email: {
        messages: false,
        applications: true,
        deals: true,
        teams: true,
        services: true,
        billing: true,
        webinars: true,
        community: true,
        roadmap: true,
        support: true,
      },
    });
    await notify(user.id, 1);
    expect((await lastMailTo(ctx.app, user.email))?.subject).toBe('Événement 1');

    const saved = await client.put('/api/v1/notifications/preferences', { email: { teams: false } });
    expect(saved.json().email).toMatchObject({ teams: false, applications: true });
    await notify(user.id, 2);
    expect((await lastMailTo(ctx.app, user.email))?.subject).toBe('Événement 1');
    // Still in the centre.
    expect((await client.get('/api/v1/notifications')).json().data[0].title).toBe('Événement 2');

    const bad = await client.put('/api/v1/notifications/preferences', {
      email: { teams: 'non', spam: true },
    });
    expect(bad.statusCode).toBe(422);
    expect((await client.get('/api/v1/notifications/preferences')).json().email.teams).toBe(false);
  });
});
