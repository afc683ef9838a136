import type { AddressInfo } from 'node:net';
import type { Conversation, Message, MessagePage, NotificationPage, RealtimeEvent } from '@closia/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, messages } from '../../db/schema';
import {
  createTestApp,
  createUser,
  lastMailTo,
  signedInClient,
  TestClient,
  type TestContext,
} from '../../test/helpers';
import { eventually, liveClient, nextMessage } from '../../test/live-client';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const freelancer = (overrides = {}) => signedInClient(ctx.app, { kind: 'setter', ...overrides });

async function pair() {
  const alice = await freelancer({ firstName: 'Alice' });
  const bob = await freelancer({ firstName: 'Bob' });
  const opened = await alice.client.post('/api/v1/conversations', { userId: bob.user.id });
  expect(opened.statusCode).toBe(201);
  return { alice, bob, conversation: opened.json() as Conversation };
}

const send = (client: TestClient, conversationId: number, body: unknown) =>
  client.post(`/api/v1/conversations/${conversationId}/messages`, body as object);

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();

describe('the messages guard', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await new TestClient(ctx.app).get('/api/v1/conversations');
    expect(res.statusCode).toBe(401);
  });

  it('says why: an unverified e-mail, then an unfinished onboarding', async () => {
    const unverified = await freelancer({ emailVerifiedAt: null });
    const res = await unverified.client.get('/api/v1/conversations');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'E_EMAIL_NOT_VERIFIED', reason: 'EMAIL_NOT_VERIFIED' });

    const unfinished = await freelancer({ finishedProfileSetup: false });
    const other = await createUser(ctx.app, { kind: 'closer' });
    const post = await unfinished.client.post('/api/v1/conversations', { userId: other.id });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ code: 'E_ONBOARDING_REQUIRED', reason: 'ONBOARDING_REQUIRED' });
  });

  it('lets an admin without a sub-profile write', async () => {
    const admin = await signedInClient(ctx.app, { admin: true });
    const other = await createUser(ctx.app, { kind: 'closer' });
    const res = await admin.client.post('/api/v1/conversations', { userId: other.id });
    expect(res.statusCode).toBe(201);
  });
});

describe('conversations', () => {
  it('opens one conversation per pair: 201 the first time, 200 with the same one after, from either side', async () => {
    const { alice, bob, conversation } = await pair();
    expect(conversation.other).toMatchObject({ id: bob.user.id, type: 'setter' });
    const again = await alice.client.post('/api/v1/conversations', { userId: bob.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(conversation.id);
    const fromBob = await bob.client.post('/api/v1/conversations', { userId: alice.user.id });
    expect(fromBob.statusCode).toBe(200);
    expect(fromBob.json().id).toBe(conversation.id);
    expect(fromBob.json().other.id).toBe(alice.user.id);
  });

  it('refuses myself (422), an unknown user (404) and bad input (422)', async () => {
    const { user, client } = await freelancer();
    const self = await client.post('/api/v1/conversations', { userId: user.id });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ reason: 'SELF_MESSAGE' });
    expect(self.json().errors[0]).toMatchObject({ field: 'userId', rule: 'notSameAs' });
    expect((await client.post('/api/v1/conversations', { userId: 2_000_000 })).statusCode).toBe(404);
    const bad = await client.post('/api/v1/conversations', { userId: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'E_VALIDATION_ERROR', message: 'Validation failure' });
  });

  it('hides a conversation from everyone but its participants (404)', async () => {
    const { conversation } = await pair();
    const { client: eve } = await freelancer();
    for (const res of [
      await eve.get(`/api/v1/conversations/${conversation.id}`),
      await eve.get(`/api/v1/conversations/${conversation.id}/messages`),
      await send(eve, conversation.id, { body: 'Coucou' }),
      await eve.post(`/api/v1/conversations/${conversation.id}/read`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const list = await eve.get('/api/v1/conversations');
    expect(list.json().data).toEqual([]);
  });

  it('lists my conversations, latest activity first, searchable by name without accents', async () => {
    const me = await freelancer();
    const helene = await createUser(ctx.app, { kind: 'closer', firstName: 'Hélène', lastName: 'Durand' });
    const marc = await createUser(ctx.app, { kind: 'closer', firstName: 'Marc', lastName: 'Petit' });
    const first = (await me.client.post('/api/v1/conversations', { userId: helene.id })).json();
    const second = (await me.client.post('/api/v1/conversations', { userId: marc.id })).json();
    await send(me.client, first.id, { body: 'Bonjour Hélène' });
    const list = (await me.client.get('/api/v1/conversations')).json();
    expect(list.data.map((c: Conversation) => c.id)).toEqual([first.id, second.id]);
    expect(list.data[0].lastMessage.body).toBe('Bonjour Hélène');
    expect(list.meta).toMatchObject({ total: 2, currentPage: 1 });
    const found = (await me.client.get('/api/v1/conversations?query=helene')).json();
    expect(found.data.map((c: Conversation) => c.id)).toEqual([first.id]);
    expect(found.meta).toMatchObject({ total: 1, lastPage: 1 });
  });

  it('pages my conversations with their total, on the last page and past it too', async () => {
    const me = await freelancer();
    for (const firstName of ['Anne', 'Bruno', 'Chloé']) {
      const other = await createUser(ctx.app, { kind: 'closer', firstName, lastName: 'Pagination' });
      await me.client.post('/api/v1/conversations', { userId: other.id });
    }
    const last = (await me.client.get('/api/v1/conversations?page=2&perPage=2')).json();
    expect(last.data).toHaveLength(1);
    expect(last.meta).toEqual({ total: 3, perPage: 2, currentPage: 2, lastPage: 2 });
    const past = (await me.client.get('/api/v1/conversations?page=5&perPage=2')).json();
    expect(past).toEqual({ data: [], meta: { total: 3, perPage: 2, currentPage: 5, lastPage: 2 } });
    const searchedPast = (await me.client.get('/api/v1/conversations?page=2&query=chloe')).json();
    expect(searchedPast.meta).toMatchObject({ total: 1, lastPage: 1 });
  });
});

describe('sending and reading messages', () => {
  it('refuses an empty message, a blank one and one of 5,001 characters, and keeps what was sent', async () => {
    const { alice, conversation } = await pair();
    expect((await send(alice.client, conversation.id, { body: 'Premier message' })).statusCode).toBe(201);
    for (const [body, rule] of [
      [{}, 'required'],
      [{ body: '   ' }, 'required'],
      [{ body: 'x'.repeat(5001) }, 'maxLength'],
      [{ body: 42 }, 'string'],
    ] as const) {
      const res = await send(alice.client, conversation.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'body', rule });
    }
    expect((await send(alice.client, conversation.id, { body: 'x'.repeat(5000) })).statusCode).toBe(201);
    const page = (
      await alice.client.get(`/api/v1/conversations/${conversation.id}/messages`)
    ).json() as MessagePage;
    expect(page.data.map((m) => m.body.length)).toEqual([5000, 'Premier message'.length]);
  });

  it('pages messages newest first with a cursor', async () => {
    const { alice, conversation } = await pair();
    await ctx.app.db.insert(messages).values(
      Array.from({ length: 35 }, (_, i) => ({
        conversationId: conversation.id,
        senderId: alice.user.id,
        body: `Message ${i + 1}`,
      })),
    );
    const first = (
      await alice.client.get(`/api/v1/conversations/${conversation.id}/messages`)
    ).json() as MessagePage;
    expect(first.data).toHaveLength(30);
    expect(first.data[0]!.body).toBe('Message 35');
    expect(first.meta.nextCursor).toBe(first.data.at(-1)!.id);
    const older = (
      await alice.client.get(
        `/api/v1/conversations/${conversation.id}/messages?cursor=${first.meta.nextCursor}`,
      )
    ).json() as MessagePage;
    expect(older.data.map((m) => m.body)).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    expect(older.meta.nextCursor).toBeNull();
    const bad = await alice.client.get(`/api/v1/conversations/${conversation.id}/messages?perPage=500`);
    expect(bad.statusCode).toBe(422);
  });

  it('keeps the unread count true for the recipient, and read receipts for the sender', async () => {
    const { alice, bob, conversation } = await pair();
    await send(alice.client, conversation.id, { body: 'Un' });
    await send(alice.client, conversation.id, { body: 'Deux' });
    expect((await bob.client.get('/api/v1/user')).json().unreadMessageCount).toBe(2);
    expect((await alice.client.get('/api/v1/user')).json().unreadMessageCount).toBe(0);
    const bobsList = (await bob.client.get('/api/v1/conversations')).json();
    expect(bobsList.data[0].unreadCount).toBe(2);

    const read = await bob.client.post(`/api/v1/conversations/${conversation.id}/read`);
    expect(read.json()).toEqual({ unreadMessageCount: 0 });
    expect((await bob.client.get('/api/v1/user')).json().unreadMessageCount).toBe(0);
    const seen = (await alice.client.get(`/api/v1/conversations/${conversation.id}`)).json() as Conversation;
    expect(seen.otherLastReadAt).not.toBeNull();
    expect(Date.parse(seen.otherLastReadAt!)).toBeGreaterThanOrEqual(Date.parse(seen.lastMessage!.createdAt));
  });

  /** Kept columns that differ from their definition, recomputed (none while the triggers hold). */
  const keptDrift = () =>
    ctx.database.rows(`
      select 'unread_count' as kept, p.conversation_id as id, p.user_id from conversation_participants p
      where p.unread_count <> (
        select count(*) from messages m
        where m.conversation_id = p.conversation_id and m.sender_id is distinct from p.user_id
          and (p.last_read_at is null or m.created_at > p.last_read_at))
      union all
      select 'last_message_id', c.id, null from conversations c
      where c.last_message_id is distinct from (select max(m.id) from messages m where m.conversation_id = c.id)`);

  it('keeps each unread count and last message equal to their recount through sends, reads and deletions', async () => {
    const { alice, bob, conversation } = await pair();
    const listOf = async (who: TestClient) =>
      ((await who.get('/api/v1/conversations')).json().data as Conversation[]).find(
        (c) => c.id === conversation.id,
      )!;
    expect(await listOf(bob.client)).toMatchObject({ unreadCount: 0, lastMessage: null });
    await send(alice.client, conversation.id, { body: 'Un' });
    await send(alice.client, conversation.id, { body: 'Deux' });
    expect(await listOf(bob.client)).toMatchObject({ unreadCount: 2, lastMessage: { body: 'Deux' } });
    // Writing is reading: Bob's answer reads what came before it.
    const trois = (await send(bob.client, conversation.id, { body: 'Trois' })).json() as Message;
    expect(await listOf(bob.client)).toMatchObject({
      unreadCount: 0,
      lastMessage: { id: trois.id, body: 'Trois' },
    });
    expect(await listOf(alice.client)).toMatchObject({ unreadCount: 1, lastMessage: { id: trois.id } });
    expect(await keptDrift()).toEqual([]);

    await alice.client.post(`/api/v1/conversations/${conversation.id}/read`);
    expect(await listOf(alice.client)).toMatchObject({ unreadCount: 0 });
    const quatre = (await send(alice.client, conversation.id, { body: 'Quatre' })).json() as Message;
    expect(await listOf(bob.client)).toMatchObject({ unreadCount: 1, lastMessage: { id: quatre.id } });
    expect((await bob.client.get('/api/v1/user')).json().unreadMessageCount).toBe(1);
    expect(await keptDrift()).toEqual([]);

    // A message that goes: the count and the last message go back to what is left.
    await ctx.database.rows('delete from messages where id = $1', [quatre.id]);
    expect(await listOf(bob.client)).toMatchObject({ unreadCount: 0, lastMessage: { id: trois.id } });
    await ctx.database.rows('delete from messages where id = $1', [trois.id]);
    expect(await listOf(alice.client)).toMatchObject({ unreadCount: 0, lastMessage: { body: 'Deux' } });
    expect(await keptDrift()).toEqual([]);

    // A sender who goes: their messages stay, without sender, unread for the other side as before.
    const carol = await freelancer({ firstName: 'Carol' });
    const opened = (await carol.client.post('/api/v1/conversations', { userId: bob.user.id })).json();
    await send(carol.client, opened.id, { body: 'Salut' });
    await ctx.database.rows('delete from users where id = $1', [carol.user.id]);
    expect(await keptDrift()).toEqual([]);
    expect((await bob.client.get('/api/v1/user')).json().unreadMessageCount).toBe(1);

    // A conversation that goes takes its counts with it.
    await ctx.database.rows('delete from conversations where id = $1', [conversation.id]);
    expect(await keptDrift()).toEqual([]);
  });

  it('notifies the recipient once per conversation while unread, by e-mail only if they chose to', async () => {
    const { alice, bob, conversation } = await pair();
    await send(alice.client, conversation.id, { body: 'Bonjour Bob' });
    await send(alice.client, conversation.id, { body: 'Tu es là ?' });
    const page = (await bob.client.get('/api/v1/notifications')).json() as NotificationPage;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      type: 'message',
      category: 'messages',
      count: 2,
      body: 'Tu es là ?',
      link: `/dashboard/messages/${conversation.id}`,
      actor: { id: alice.user.id },
    });
    expect(page.meta.unreadCount).toBe(1);
    // Messages are not e-mailed by default.
    expect(await lastMailTo(ctx.app, bob.user.email)).toBeNull();

    // Reading the conversation reads its notification; with e-mails on, the next one is mailed once.
    await bob.client.post(`/api/v1/conversations/${conversation.id}/read`);
    expect((await bob.client.get('/api/v1/notifications?unread=1')).json().data).toEqual([]);
    await bob.client.put('/api/v1/notifications/preferences', { email: { messages: true } });
    await send(alice.client, conversation.id, { body: 'Nouvelle question' });
    await send(alice.client, conversation.id, { body: 'Et une autre' });
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Nouveau message de Alice ${alice.user.lastName}`);
  });

  it('sends an image with a message, shown only to those who may read it', async () => {
    const { alice, bob, conversation } = await pair();
    const res = await alice.client.upload(`/api/v1/conversations/${conversation.id}/messages`, 'image', {
      name: 'photo.png',
      type: 'image/png',
      data: await png(),
    });
    expect(res.statusCode).toBe(201);
    const message = res.json() as Message;
    expect(message.body).toBe('');
    expect(message.attachment).toMatchObject({
      width: 40,
      height: 30,
      url: `/api/v1/messages/${message.id}/attachment`,
    });
    const served = await bob.client.get(message.attachment!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const { client: eve } = await freelancer();
    expect((await eve.get(message.attachment!.url)).statusCode).toBe(404);

    const notImage = await alice.client.upload(`/api/v1/conversations/${conversation.id}/messages`, 'image', {
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('not an image at all'),
    });
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors[0]).toMatchObject({ field: 'image', rule: 'fileType' });
  });

  it('pushes live: the message on the conversation, the unread count and the notification to the recipient', async () => {
    const { alice, bob, conversation } = await pair();
    const transmit = liveClient(baseUrl, bob.client.cookies);
    const failures: number[] = [];
    const eve = await freelancer();
    const eveTransmit = liveClient(baseUrl, eve.client.cookies, {
      onSubscribeFailed: (r) => failures.push(r.status),
    });
    try {
      const thread = transmit.subscription(`conversations/${conversation.id}`);
      const mine = transmit.subscription(`users/${bob.user.id}`);
      await thread.create();
      await mine.create();
      const events: RealtimeEvent[] = [];
      mine.onMessage((e) => events.push(e as RealtimeEvent));
      const arrived = nextMessage<RealtimeEvent>(thread);
      await send(alice.client, conversation.id, { body: 'En direct' });
      expect(await arrived).toMatchObject({ type: 'message.created', message: { body: 'En direct' } });
      await eventually(() =>
        ['unread-messages', 'notification'].every((type) => events.some((e) => e.type === type)),
      );
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'unread-messages', unreadMessageCount: 1 }),
          expect.objectContaining({ type: 'notification', unreadCount: 1 }),
        ]),
      );
      // Someone else may not listen to it.
      const spy = eveTransmit.subscription(`conversations/${conversation.id}`);
      await spy.create();
      expect(spy.isCreated).toBe(false);
      expect(failures).toEqual([404]);
    } finally {
      transmit.close();
      eveTransmit.close();
    }
  });
});

describe('people search', () => {
  it('finds people with a finished profile by name, accents ignored, never myself', async () => {
    const { user, client } = await freelancer({ firstName: 'Zoé', lastName: 'Lefèvre' });
    const other = await createUser(ctx.app, { kind: 'closer', firstName: 'Zoé', lastName: 'Lefebvre' });
    await createUser(ctx.app, {
      kind: 'closer',
      firstName: 'Zoé',
      lastName: 'Inachevée',
      finishedProfileSetup: false,
    });
    const res = await client.get('/api/v1/users/search?query=zoe');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: { id: number }) => p.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(user.id);
    expect(res.json().data.every((p: { fullName: string }) => !p.fullName.includes('Inachevée'))).toBe(true);
    expect((await client.get(`/api/v1/users/search?query=${'x'.repeat(101)}`)).statusCode).toBe(422);
    expect((await new TestClient(ctx.app).get('/api/v1/users/search')).statusCode).toBe(401);
  });
});
