import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComments } from '../../db/schema';
import { createTestApp, lastMailTo, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let alice: Signed; // the post's author
let bob: Signed; // a commenter
let carol: Signed; // a third member
let admin: Signed;
let postId: number;

const comment = async (client: TestClient, text: string, id = postId) => {
  const res = await client.post(`/api/v1/posts/${id}/comments`, { body: text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInClient(ctx.app, { kind: 'infopreneur', firstName: 'Alice', lastName: 'Martin' });
  bob = await signedInClient(ctx.app, { kind: 'setter', firstName: 'Bob', lastName: 'Durand' });
  carol = await signedInClient(ctx.app, { kind: 'closer' });
  admin = await signedInClient(ctx.app, { admin: true });
  const res = await alice.client.post('/api/v1/posts', {
    title: 'Parlons prospection',
    body: '<p>Vos meilleures astuces ?</p>',
  });
  postId = res.json().id;
}, 60_000);
afterAll(() => ctx.close());

describe('comments', () => {
  it('adds a plain-text comment, counts it, and notifies the post’s author (not for their own)', async () => {
    const created = await comment(bob.client, '  <b>Appeler</b> le matin ! ');
    expect(created).toMatchObject({
      postId,
      body: '<b>Appeler</b> le matin !',
      author: { id: bob.user.id, fullName: 'Bob Durand', type: 'setter' },
      hidden: false,
      canDelete: true,
    });
    expect((await carol.client.get(`/api/v1/posts/${postId}`)).json().commentCount).toBe(1);
    const notified = (await alice.client.get('/api/v1/notifications')).json().data[0];
    expect(notified).toMatchObject({ type: 'post_comment', link: `/app/posts/${postId}` });
    expect(notified.title).toContain('Bob Durand a commenté votre publication « Parlons prospection »');
    const mail = await lastMailTo(ctx.app, alice.user.email);
    expect(mail?.subject).toBe('Nouveau commentaire sur « Parlons prospection »');

    await comment(alice.client, 'Merci Bob !');
    const after = (await alice.client.get('/api/v1/notifications')).json().data;
    expect(after.filter((n: { type: string }) => n.type === 'post_comment')).toHaveLength(1);
  });

  it('lists comments oldest first, paged, saying who may delete each', async () => {
    const list = (await carol.client.get(`/api/v1/posts/${postId}/comments`)).json();
    expect(list.data.map((c: { body: string }) => c.body)).toEqual([
      '<b>Appeler</b> le matin !',
      'Merci Bob !',
    ]);
    expect(list.data.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([false, false]);
    expect(list.meta).toMatchObject({ total: 2, perPage: 50 });
    const byAuthor = (await alice.client.get(`/api/v1/posts/${postId}/comments`)).json();
    expect(byAuthor.data.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([true, true]);
    const paged = (await carol.client.get(`/api/v1/posts/${postId}/comments?perPage=1&page=2`)).json();
    expect(paged.data.map((c: { body: string }) => c.body)).toEqual(['Merci Bob !']);
  });

  it('checks the text (1–2000 characters) and the caller', async () => {
    expect((await bob.client.post(`/api/v1/posts/${postId}/comments`, { body: '   ' })).statusCode).toBe(422);
    expect(
      (await bob.client.post(`/api/v1/posts/${postId}/comments`, { body: 'x'.repeat(2001) })).statusCode,
    ).toBe(422);
    expect(
      (await new TestClient(ctx.app).post(`/api/v1/posts/${postId}/comments`, { body: 'Salut' })).statusCode,
    ).toBe(401);
    expect((await new TestClient(ctx.app).get(`/api/v1/posts/${postId}/comments`)).statusCode).toBe(401);
  });

  it('refuses comments on a draft others cannot see (404)', async () => {
    const draft = (
      await alice.client.post('/api/v1/posts', {
        title: 'Pas encore prêt',
        body: '<p>Brouillon</p>',
        status: 'draft',
      })
    ).json();
    expect(
      (await bob.client.post(`/api/v1/posts/${draft.id}/comments`, { body: 'Je vois ?' })).statusCode,
    ).toBe(404);
    expect((await bob.client.get(`/api/v1/posts/${draft.id}/comments`)).statusCode).toBe(404);
  });

  it('lets the comment’s author, the post’s author or an admin delete a comment; others get 403', async () => {
    const first = await comment(bob.client, 'Premier');
    const second = await comment(bob.client, 'Deuxième');
    const third = await comment(bob.client, 'Troisième');
    expect((await carol.client.delete(`/api/v1/comments/${first.id}`)).statusCode).toBe(403);
    expect((await new TestClient(ctx.app).delete(`/api/v1/comments/${first.id}`)).statusCode).toBe(401);
    expect((await bob.client.delete(`/api/v1/comments/${first.id}`)).statusCode).toBe(204);
    expect((await alice.client.delete(`/api/v1/comments/${second.id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/v1/comments/${third.id}`)).statusCode).toBe(204);
    expect((await bob.client.delete(`/api/v1/comments/${third.id}`)).statusCode).toBe(404);
  });

  it('shows a hidden comment only to its author and admins, and stops counting it', async () => {
    const hidden = await comment(bob.client, 'Un commentaire douteux');
    const before = (await carol.client.get(`/api/v1/posts/${postId}`)).json().commentCount;
    await ctx.app.db.update(postComments).set({ hiddenAt: new Date() }).where(eq(postComments.id, hidden.id));
    expect((await carol.client.get(`/api/v1/posts/${postId}`)).json().commentCount).toBe(before - 1);
    const seen = async (client: TestClient) =>
      (await client.get(`/api/v1/posts/${postId}/comments`))
        .json()
        .data.some((c: { id: number }) => c.id === hidden.id);
    expect(await seen(carol.client)).toBe(false);
    expect(await seen(alice.client)).toBe(false);
    expect(await seen(bob.client)).toBe(true);
    expect(await seen(admin.client)).toBe(true);
    expect((await carol.client.delete(`/api/v1/comments/${hidden.id}`)).statusCode).toBe(404);
  });
});
