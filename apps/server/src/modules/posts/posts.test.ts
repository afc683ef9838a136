import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let alice: Signed; // author
let bob: Signed; // another member
let admin: Signed;
let png: Buffer;
const anonymous = () => new TestClient(ctx.app);

const body = '<p>Un message de la communauté, avec du <strong>texte</strong> à lire.</p>';
const newPost = (values: Record<string, unknown> = {}) => ({
  title: 'Ma première publication',
  body,
  tags: ['vente'],
  ...values,
});

async function write(client: TestClient, values: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/posts', newPost(values));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInClient(ctx.app, { kind: 'infopreneur', firstName: 'Alice', lastName: 'Martin' });
  bob = await signedInClient(ctx.app, { kind: 'setter', firstName: 'Bob', lastName: 'Durand' });
  admin = await signedInClient(ctx.app, { admin: true });
  png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
}, 60_000);
afterAll(() => ctx.close());

describe('POST /posts', () => {
  it('publishes a post with its date, author and excerpt (201)', async () => {
    const post = await write(alice.client, { tags: ['#Vente', 'closing'] });
    expect(post).toMatchObject({
      title: 'Ma première publication',
      status: 'published',
      tags: ['vente', 'closing'],
      author: { id: alice.user.id, fullName: 'Alice Martin', type: 'infopreneur' },
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      hidden: false,
      canEdit: true,
      coverUrl: null,
      excerpt: 'Un message de la communauté, avec du texte à lire.',
    });
    expect(post.publishedAt).not.toBeNull();
  });

  it('keeps only the allow-list: scripts, external images, handlers and unsafe links go', async () => {
    const post = await write(alice.client, {
      body:
        '<h1>Titre</h1><p onclick="x()">Voir <a href="javascript:alert(1)">ceci</a> et <a href="https://exemple.fr">le site</a></p>' +
        '<script>alert(1)</script><img src="https://evil.example/x.png"><img src="/api/v1/posts/images/0123456789abcdef0123456789abcdef.webp" onerror="x()">',
    });
    expect(post.body).toBe(
      '<h2>Titre</h2><p>Voir ceci et <a href="https://exemple.fr" rel="noopener nofollow ugc" target="_blank">le site</a></p>' +
        '<img src="/api/v1/posts/images/0123456789abcdef0123456789abcdef.webp" />',
    );
  });

  it('refuses a body with nothing readable (422 body), and one of only unsafe content with CONTENT_UNSAFE', async () => {
    const empty = await alice.client.post('/api/v1/posts', newPost({ body: '<p>  </p>' }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].field).toBe('body');
    const unsafe = await alice.client.post(
      '/api/v1/posts',
      newPost({ body: '<img src="https://evil.example/x.png"><script>alert(1)</script>' }),
    );
    expect(unsafe.statusCode).toBe(422);
    expect(unsafe.json()).toMatchObject({ reason: 'CONTENT_UNSAFE', errors: [{ field: 'body' }] });
  });

  it('checks the fields (title 5–150, ≤ 5 tags of 2–30)', async () => {
    for (const values of [
      { title: 'abc' },
      { tags: ['a'] },
      { tags: ['un', 'deux', 'trois', 'quatre', 'cinq', 'six'] },
    ]) {
      expect((await alice.client.post('/api/v1/posts', newPost(values))).statusCode).toBe(422);
    }
  });

  it('needs a signed-in user (401)', async () => {
    expect((await anonymous().post('/api/v1/posts', newPost())).statusCode).toBe(401);
  });
});

describe('GET/PUT/DELETE /posts/{id}', () => {
  it('shows a draft to its author and admins only (404 for others)', async () => {
    const draft = await write(alice.client, { status: 'draft' });
    expect(draft.publishedAt).toBeNull();
    expect((await alice.client.get(`/api/v1/posts/${draft.id}`)).statusCode).toBe(200);
    const seenByAdmin = await admin.client.get(`/api/v1/posts/${draft.id}`);
    expect(seenByAdmin.json()).toMatchObject({ id: draft.id, canEdit: true });
    expect((await bob.client.get(`/api/v1/posts/${draft.id}`)).statusCode).toBe(404);
    expect((await bob.client.put(`/api/v1/posts/${draft.id}`, { title: 'Volé par Bob' })).statusCode).toBe(
      404,
    );
    expect((await anonymous().get(`/api/v1/posts/${draft.id}`)).statusCode).toBe(401);
  });

  it('lets only the author or an admin change or delete a post (403 for others)', async () => {
    const post = await write(alice.client);
    const seen = await bob.client.get(`/api/v1/posts/${post.id}`);
    expect(seen.json()).toMatchObject({ canEdit: false });
    expect((await bob.client.put(`/api/v1/posts/${post.id}`, { title: 'Changé par Bob' })).statusCode).toBe(
      403,
    );
    expect((await bob.client.delete(`/api/v1/posts/${post.id}`)).statusCode).toBe(403);
    expect((await anonymous().delete(`/api/v1/posts/${post.id}`)).statusCode).toBe(401);
    const changed = await admin.client.put(`/api/v1/posts/${post.id}`, {
      title: 'Retitré par la modération',
    });
    expect(changed.json().title).toBe('Retitré par la modération');
    expect((await admin.client.delete(`/api/v1/posts/${post.id}`)).statusCode).toBe(204);
    expect((await alice.client.get(`/api/v1/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('dates a post when first published and keeps that date; archived leaves the feed', async () => {
    const draft = await write(alice.client, { status: 'draft', title: 'Brouillon daté plus tard' });
    const published = (await alice.client.put(`/api/v1/posts/${draft.id}`, { status: 'published' })).json();
    expect(published.publishedAt).not.toBeNull();
    const archived = (await alice.client.put(`/api/v1/posts/${draft.id}`, { status: 'archived' })).json();
    expect(archived.status).toBe('archived');
    const again = (await alice.client.put(`/api/v1/posts/${draft.id}`, { status: 'published' })).json();
    expect(again.publishedAt).toBe(published.publishedAt);
    await alice.client.put(`/api/v1/posts/${draft.id}`, { status: 'archived' });
    const feed = (await bob.client.get('/api/v1/posts?perPage=50')).json();
    expect(feed.data.map((p: { id: number }) => p.id)).not.toContain(draft.id);
    expect((await bob.client.get(`/api/v1/posts/${draft.id}`)).statusCode).toBe(404);
  });

  it('sanitises a changed body too', async () => {
    const post = await write(alice.client);
    const res = await alice.client.put(`/api/v1/posts/${post.id}`, {
      body: '<p>Nouveau <iframe src="https://x"></iframe>texte</p>',
    });
    expect(res.json().body).toBe('<p>Nouveau texte</p>');
  });

  it('hides a post hidden by moderation from everyone but its author and admins', async () => {
    const post = await write(alice.client);
    await ctx.app.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
    expect((await bob.client.get(`/api/v1/posts/${post.id}`)).statusCode).toBe(404);
    expect((await alice.client.get(`/api/v1/posts/${post.id}`)).json().hidden).toBe(true);
    expect((await admin.client.get(`/api/v1/posts/${post.id}`)).statusCode).toBe(200);
    const feed = (await bob.client.get('/api/v1/posts?perPage=50')).json();
    expect(feed.data.map((p: { id: number }) => p.id)).not.toContain(post.id);
    const mine = (await alice.client.get(`/api/v1/posts?authorId=${alice.user.id}&perPage=50`)).json();
    expect(mine.data.find((p: { id: number }) => p.id === post.id)).toMatchObject({ hidden: true });
    expect((await bob.client.put(`/api/v1/posts/${post.id}/like`)).statusCode).toBe(404);
  });
});

describe('covers', () => {
  it('sets, serves, replaces and removes a cover (author only); old files are deleted', async () => {
    const post = await write(alice.client);
    const photo = { name: 'c.png', type: 'image/png', data: png };
    expect((await bob.client.upload(`/api/v1/posts/${post.id}/cover`, 'photo', photo)).statusCode).toBe(403);
    const up = await alice.client.upload(`/api/v1/posts/${post.id}/cover`, 'photo', photo);
    expect(up.statusCode, up.body).toBe(200);
    const first = up.json().coverUrl;
    expect(first).toMatch(/^\/api\/v1\/posts\/covers\/[a-f0-9]{32}\.webp$/);
    const served = await bob.client.get(first);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const second = (await alice.client.upload(`/api/v1/posts/${post.id}/cover`, 'photo', photo)).json()
      .coverUrl;
    expect(second).not.toBe(first);
    expect((await bob.client.get(first)).statusCode).toBe(404);
    const removed = await alice.client.delete(`/api/v1/posts/${post.id}/cover`);
    expect(removed.json().coverUrl).toBeNull();
    expect((await bob.client.get(second)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image (422 photo)', async () => {
    const post = await write(alice.client);
    const res = await alice.client.upload(`/api/v1/posts/${post.id}/cover`, 'photo', {
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('not an image at all'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('photo');
  });

  it('stores an image for a body, which the sanitiser then keeps', async () => {
    const res = await alice.client.upload('/api/v1/posts/images', 'photo', {
      name: 'i.png',
      type: 'image/png',
      data: png,
    });
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect((await bob.client.get(url)).statusCode).toBe(200);
    const post = await write(alice.client, { body: `<p><img src="${url}" alt="schéma"></p>` });
    expect(post.body).toBe(`<p><img src="${url}" alt="schéma" /></p>`);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently; the count and likedByMe follow', async () => {
    const post = await write(alice.client);
    expect((await bob.client.put(`/api/v1/posts/${post.id}/like`)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await bob.client.put(`/api/v1/posts/${post.id}/like`)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await admin.client.put(`/api/v1/posts/${post.id}/like`)).json().likeCount).toBe(2);
    expect((await bob.client.get(`/api/v1/posts/${post.id}`)).json()).toMatchObject({
      likedByMe: true,
      likeCount: 2,
    });
    expect((await alice.client.get(`/api/v1/posts/${post.id}`)).json().likedByMe).toBe(false);
    expect((await bob.client.delete(`/api/v1/posts/${post.id}/like`)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await bob.client.delete(`/api/v1/posts/${post.id}/like`)).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await anonymous().put(`/api/v1/posts/${post.id}/like`)).statusCode).toBe(401);
    expect((await bob.client.put('/api/v1/posts/999999/like')).statusCode).toBe(404);
  });
});

describe('the account', () => {
  it('exports the member’s posts, comments, likes and reports; deleting it removes their covers', async () => {
    const member = await signedInClient(ctx.app, { kind: 'closer' });
    const post = await write(member.client);
    const other = await write(alice.client, { title: 'Une publication d’Alice' });
    await member.client.post(`/api/v1/posts/${other.id}/comments`, { body: 'Bravo !' });
    await member.client.put(`/api/v1/posts/${other.id}/like`);
    await member.client.post(`/api/v1/posts/${other.id}/report`, { reason: 'Pour tester l’export' });
    const cover = (
      await member.client.upload(`/api/v1/posts/${post.id}/cover`, 'photo', {
        name: 'c.png',
        type: 'image/png',
        data: png,
      })
    ).json().coverUrl;

    const exported = (await member.client.get('/api/v1/user/export')).json();
    expect(exported.posts.map((p: { id: number }) => p.id)).toEqual([post.id]);
    expect(exported.postComments.map((c: { body: string }) => c.body)).toEqual(['Bravo !']);
    expect(exported.postLikes.map((l: { postId: number }) => l.postId)).toEqual([other.id]);
    expect(exported.contentReports.map((r: { targetId: number }) => r.targetId)).toEqual([other.id]);

    expect((await member.client.delete('/api/v1/user')).statusCode).toBe(204);
    expect((await alice.client.get(cover)).statusCode).toBe(404);
    expect((await alice.client.get(`/api/v1/posts/${other.id}`)).json()).toMatchObject({
      likeCount: 0,
      commentCount: 0,
    });
  });
});
