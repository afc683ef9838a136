import type { AddressInfo } from 'node:net';
import { channels } from '@closia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestContext } from '../test/helpers';
import { liveClient, nextMessage } from '../test/live-client';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const storedFile = async (name: string) => {
  const key = `profiles/${name}.webp`;
  await ctx.app.storage.put(key, Buffer.from('picture'), 'image/webp');
  return key;
};

describe('the unit of work', () => {
  it('keeps every effect until it is flushed, then runs each once, in the recorded order', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    const transmit = liveClient(baseUrl, client.cookies);
    try {
      const sub = transmit.subscription(channels.user(user.id));
      await sub.create();
      const key = await storedFile('a1b2c3d4e5f60718293a4b5c6d7e8f90');
      const ran: string[] = [];
      const work = ctx.app.unitOfWork();
      work.deleteFile(key);
      work.broadcast(channels.user(user.id), { type: 'notifications.read', unreadCount: 7 });
      work.afterCommit(() => {
        ran.push('task');
      });
      // Nothing has happened yet: the write it follows may still roll back.
      expect(await ctx.app.storage.get(key)).not.toBeNull();
      expect(ran).toEqual([]);

      const pushed = nextMessage(sub);
      await work.flush();
      await work.flush();
      expect(await pushed).toEqual({ type: 'notifications.read', unreadCount: 7 });
      expect(await ctx.app.storage.get(key)).toBeNull();
      expect(ran).toEqual(['task']);
    } finally {
      transmit.close();
    }
  });

  it('withWork: a write that fails announces nothing and deletes nothing', async () => {
    const key = await storedFile('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    const ran: string[] = [];
    await expect(
      ctx.app.withWork(async (work) => {
        work.deleteFile(key);
        work.afterCommit(() => {
          ran.push('task');
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ctx.app.storage.get(key)).not.toBeNull();
    expect(ran).toEqual([]);

    await ctx.app.withWork(async (work) => work.deleteFile(key));
    expect(await ctx.app.storage.get(key)).toBeNull();
  });

  it('a notification written with the transaction is pushed only once the work is flushed', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'setter' });
    const transmit = liveClient(baseUrl, client.cookies);
    try {
      const sub = transmit.subscription(channels.user(user.id));
      await sub.create();
      const pushed = nextMessage(sub);
      await ctx.app.withWork((work) =>
        ctx.app.db.transaction((tx) =>
          work.notify(tx, {
            userId: user.id,
            type: 'team_event',
            title: 'Réunion lundi',
            link: '/dashboard/team',
          }),
        ),
      );
      expect(await pushed).toMatchObject({
        type: 'notification',
        notification: { title: 'Réunion lundi', readAt: null },
        unreadCount: 1,
      });
    } finally {
      transmit.close();
    }
  });

  it("a request's work is flushed when it succeeds: a replaced picture's file is deleted", async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'setter' });
    const png = await import('sharp').then(({ default: sharp }) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background: '#3355ff' } })
        .png()
        .toBuffer(),
    );
    const upload = () =>
      client.upload('/api/v1/user/profile', 'photo', { name: 'me.png', type: 'image/png', data: png });
    const first = (await upload()).json().profilePicture as string;
    const firstKey = `profiles/${first}`;
    expect(await ctx.app.storage.get(firstKey)).not.toBeNull();
    expect((await upload()).statusCode).toBe(200);
    expect(await ctx.app.storage.get(firstKey)).toBeNull();
  });
});
