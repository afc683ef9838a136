import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes, posts } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let alice: Signed;
let bob: Signed;
let carol: Signed;
const ids: Record<string, number> = {};

const ids$ = (answer: { data: { id: number }[] }) => answer.data.map((p) => p.id);

async function write(
  client: TestClient,
  title: string,
  body: string,
  tags: string[] = [],
  status = 'published',
) {
  const res = await client.post('/api/v1/posts', { title, body: `<p>${body}</p>`, tags, status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInClient(ctx.app, { kind: 'infopreneur' });
  bob = await signedInClient(ctx.app, { kind: 'closer' });
  carol = await signedInClient(ctx.app, { kind: 'setter' });
  ids.prospection = await write(alice.client, 'Réussir sa prospection', 'Les appels à froid bien préparés.', [
    'prospection',
  ]);
  ids.closing = await write(bob.client, 'Techniques de closing', 'Traiter les objections des clients.', [
    'closing',
    'vente',
  ]);
  ids.immobilier = await write(alice.client, 'Vendre dans l’immobilier', 'Les formations immobilières.', [
    'vente',
  ]);
  ids.draft = await write(alice.client, 'Un brouillon secret', 'Pas encore prêt.', ['vente'], 'draft');
  // Distinct publication dates, oldest first as written.
  let day = 1;
  for (const key of ['prospection', 'closing', 'immobilier']) {
    await ctx.app.db
      .update(posts)
      .set({ publishedAt: new Date(`2026-01-0${day++}T10:00:00Z`) })
      .where(eq(posts.id, ids[key]!));
  }
  await ctx.app.db.insert(postLikes).values([
    { postId: ids.prospection!, userId: bob.user.id },
    { postId: ids.prospection!, userId: carol.user.id },
    { postId: ids.closing!, userId: carol.user.id },
  ]);
}, 60_000);
afterAll(() => ctx.close());

describe('GET /posts', () => {
  it('lists published posts newest first, with the total, author, counters and likedByMe', async () => {
    const res = await carol.client.get('/api/v1/posts');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(ids$(answer)).toEqual([ids.immobilier, ids.closing, ids.prospection]);
    expect(answer.meta).toEqual({ total: 3, perPage: 10, currentPage: 1, lastPage: 1 });
    expect(answer.data[2]).toMatchObject({
      author: { id: alice.user.id, type: 'infopreneur' },
      likeCount: 2,
      likedByMe: true,
      excerpt: 'Les appels à froid bien préparés.',
    });
    expect(answer.data[0]).not.toHaveProperty('body');
  });

  it('sorts by likes (popular), then by date', async () => {
    const answer = (await carol.client.get('/api/v1/posts?sort=popular')).json();
    expect(ids$(answer)).toEqual([ids.prospection, ids.closing, ids.immobilier]);
  });

  it('pages (perPage, page) and counts', async () => {
    const first = (await bob.client.get('/api/v1/posts?perPage=2')).json();
    expect(ids$(first)).toEqual([ids.immobilier, ids.closing]);
    expect(first.meta).toMatchObject({ total: 3, lastPage: 2 });
    const second = (await bob.client.get('/api/v1/posts?perPage=2&page=2')).json();
    expect(ids$(second)).toEqual([ids.prospection]);
    const past = (await bob.client.get('/api/v1/posts?tag=vente&page=5')).json();
    expect(past).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it('filters by tag (without its #, any case), never showing others’ drafts', async () => {
    const answer = (await carol.client.get('/api/v1/posts?tag=%23Vente')).json();
    expect(ids$(answer)).toEqual([ids.immobilier, ids.closing]);
    expect(answer.meta.total).toBe(2);
  });

  it('a tag follows its posts: retagged, hidden by moderation, archived, published again, deleted', async () => {
    const tagged = async (tag: string, sort = 'recent') =>
      ids$((await carol.client.get(`/api/v1/posts?tag=${tag}&sort=${sort}`)).json());
    const id = await write(bob.client, 'Suivre ses relances', 'Un tableau de suivi.', ['suivi', 'tableau']);
    expect(await tagged('suivi')).toEqual([id]);
    expect(await tagged('suivi', 'popular')).toEqual([id]);

    expect((await bob.client.put(`/api/v1/posts/${id}`, { tags: ['relances'] })).statusCode).toBe(200);
    expect(await tagged('suivi')).toEqual([]);
    expect(await tagged('relances')).toEqual([id]);

    await ctx.app.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, id));
    expect(await tagged('relances')).toEqual([]);
    await ctx.app.db.update(posts).set({ hiddenAt: null }).where(eq(posts.id, id));
    expect(await tagged('relances')).toEqual([id]);

    expect((await bob.client.put(`/api/v1/posts/${id}`, { status: 'archived' })).statusCode).toBe(200);
    expect(await tagged('relances', 'popular')).toEqual([]);
    expect((await bob.client.put(`/api/v1/posts/${id}`, { status: 'published' })).statusCode).toBe(200);
    expect(await tagged('relances')).toEqual([id]);

    expect((await bob.client.delete(`/api/v1/posts/${id}`)).statusCode).toBe(204);
    expect(await tagged('relances')).toEqual([]);
  });

  it('searches in French: accents, plurals and prefixes do not matter', async () => {
    expect(ids$((await carol.client.get('/api/v1/posts?query=objection')).json())).toEqual([ids.closing]);
    // Past the last page: no post, the total still counted.
    const beyond = (await carol.client.get('/api/v1/posts?query=objection&page=2')).json();
    expect(beyond).toMatchObject({ data: [], meta: { total: 1 } });
    expect(ids$((await carol.client.get('/api/v1/posts?query=immobilier')).json())).toEqual([ids.immobilier]);
    expect(ids$((await carol.client.get('/api/v1/posts?query=PROSPEC')).json())).toEqual([ids.prospection]);
    expect((await carol.client.get('/api/v1/posts?query=introuvablezz')).json().data).toEqual([]);
    expect(ids$((await carol.client.get('/api/v1/posts?query=secret')).json())).toEqual([]);
  });

  it('a search follows its posts: edited, liked, hidden by moderation, archived, deleted; with a tag', async () => {
    const found = async (query: string, extra = '') =>
      ids$((await carol.client.get(`/api/v1/posts?query=${query}${extra}`)).json());
    const older = await write(bob.client, 'Relancer sans relâche', 'Une méthode de relance.', ['suivi']);
    const newer = await write(alice.client, 'Relancer au bon moment', 'Le calendrier des relances.', [
      'agenda',
    ]);
    expect(await found('relance')).toEqual([newer, older]);
    expect(await found('relance', '&tag=suivi')).toEqual([older]);

    // Liked: first when the most liked come first, still second by date.
    await ctx.app.db.insert(postLikes).values({ postId: older, userId: carol.user.id });
    expect(await found('relance', '&sort=popular')).toEqual([older, newer]);
    expect(await found('relance')).toEqual([newer, older]);

    // Its words and tags are the new ones once edited.
    const edited = { title: 'Le suivi des prospects', body: '<p>Un tableau de bord.</p>', tags: ['tableau'] };
    expect((await bob.client.put(`/api/v1/posts/${older}`, edited)).statusCode).toBe(200);
    expect(await found('relance')).toEqual([newer]);
    expect(await found('tableau', '&tag=tableau')).toEqual([older]);

    await ctx.app.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, newer));
    expect(await found('relance')).toEqual([]);
    await ctx.app.db.update(posts).set({ hiddenAt: null }).where(eq(posts.id, newer));
    expect((await alice.client.put(`/api/v1/posts/${newer}`, { status: 'archived' })).statusCode).toBe(200);
    expect(await found('relance')).toEqual([]);
    expect((await alice.client.put(`/api/v1/posts/${newer}`, { status: 'published' })).statusCode).toBe(200);
    expect(await found('relance')).toEqual([newer]);

    for (const [client, id] of [
      [bob.client, older],
      [alice.client, newer],
    ] as const)
      expect((await client.delete(`/api/v1/posts/${id}`)).statusCode).toBe(204);
    expect(await found('relance')).toEqual([]);
    expect(await found('tableau')).toEqual([]);
  });

  it('lists an author’s published posts; the author’s own list has their drafts too', async () => {
    expect(ids$((await carol.client.get(`/api/v1/posts?authorId=${alice.user.id}`)).json())).toEqual([
      ids.immobilier,
      ids.prospection,
    ]);
    const mine = (await alice.client.get(`/api/v1/posts?authorId=${alice.user.id}`)).json();
    expect(ids$(mine)).toEqual(expect.arrayContaining([ids.draft, ids.immobilier, ids.prospection]));
    expect(mine.meta.total).toBe(3);
  });

  it('counts a new post at once (the kept total is forgotten)', async () => {
    const before = (await carol.client.get('/api/v1/posts')).json().meta.total;
    const id = await write(bob.client, 'Un nouveau sujet', 'Du neuf pour le fil.');
    const after = (await carol.client.get('/api/v1/posts')).json();
    expect(after.meta.total).toBe(before + 1);
    expect(after.data[0].id).toBe(id);
    await bob.client.delete(`/api/v1/posts/${id}`);
    expect((await carol.client.get('/api/v1/posts')).json().meta.total).toBe(before);
  });

  it('refuses bad parameters (422) and anonymous callers (401)', async () => {
    expect((await carol.client.get('/api/v1/posts?sort=oldest')).statusCode).toBe(422);
    expect((await carol.client.get('/api/v1/posts?perPage=500')).statusCode).toBe(422);
    expect((await new TestClient(ctx.app).get('/api/v1/posts')).statusCode).toBe(401);
  });
});
