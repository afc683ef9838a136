import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roadMapItems } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

// The public road map (issue 22 §2): reading it with or without an account, votes, suggestions.

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let alice: Signed;
let bob: Signed;
const anonymous = () => new TestClient(ctx.app);

/** An idea straight in the table (the admin's API is tested in roadmap-admin.test.ts). */
async function item(values: Partial<typeof roadMapItems.$inferInsert> = {}) {
  const [row] = await ctx.app.db
    .insert(roadMapItems)
    .values({ title: 'Une idée de la feuille de route', category: 'crm', status: 'planned', ...values })
    .returning({ id: roadMapItems.id });
  return row!.id;
}

const list = async (client: TestClient, query = '') => (await client.get(`/api/v1/roadmap${query}`)).json();
const vote = (client: TestClient, id: number) => client.put(`/api/v1/roadmap/${id}/vote`);
const unvote = (client: TestClient, id: number) => client.delete(`/api/v1/roadmap/${id}/vote`);

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signedInClient(ctx.app, { kind: 'setter', firstName: 'Alice', lastName: 'Martin' });
  bob = await signedInClient(ctx.app, { kind: 'closer' });
}, 60_000);
afterAll(() => ctx.close());

describe('GET /roadmap', () => {
  it('shows the public columns to a visitor, with counts and votedByMe false; suggestions and declined ideas stay out', async () => {
    const planned = await item({
      title: 'Relances automatiques par e-mail',
      description: 'Ligne 1\nLigne 2',
    });
    const building = await item({ title: 'Application mobile', status: 'in_progress', category: 'mobile' });
    const shipped = await item({ title: 'Export CSV', status: 'done', shippedAt: new Date() });
    const suggestion = await item({ title: 'Une proposition en attente', status: 'suggested' });
    const declined = await item({ title: 'Une idée refusée', status: 'declined', declinedReason: 'Non' });
    await vote(alice.client, planned);

    const page = await list(anonymous());
    const ids = page.data.map((i: { id: number }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([planned, building, shipped]));
    expect(ids).not.toContain(suggestion);
    expect(ids).not.toContain(declined);
    const first = page.data.find((i: { id: number }) => i.id === planned);
    expect(first).toEqual({
      id: planned,
      title: 'Relances automatiques par e-mail',
      description: 'Ligne 1\nLigne 2',
      status: 'planned',
      category: 'crm',
      voteCount: 1,
      votedByMe: false,
      shippedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Nothing private in a public answer.
    expect(first).not.toHaveProperty('suggestedBy');
    expect(page.data.find((i: { id: number }) => i.id === shipped).shippedAt).not.toBeNull();
    expect(page.meta).toMatchObject({ currentPage: 1, perPage: 50 });

    const mine = await list(alice.client, '?status=planned');
    expect(mine.data.find((i: { id: number }) => i.id === planned).votedByMe).toBe(true);
    expect(mine.data.every((i: { status: string }) => i.status === 'planned')).toBe(true);
    // A status that is not a public column is refused, not leaked.
    expect((await anonymous().get('/api/v1/roadmap?status=suggested')).statusCode).toBe(422);
    expect((await anonymous().get('/api/v1/roadmap?status=declined')).statusCode).toBe(422);
  });

  it('sorts by votes (then newest) or by date, and pages', async () => {
    const low = await item({ title: 'Peu de votes', status: 'in_progress' });
    const high = await item({ title: 'Beaucoup de votes', status: 'in_progress' });
    await vote(alice.client, high);
    await vote(bob.client, high);
    await vote(alice.client, low);
    const latest = await item({ title: 'La toute dernière', status: 'in_progress' });

    const byVotes = await list(anonymous(), '?status=in_progress&sort=votes');
    const order = byVotes.data.map((i: { id: number }) => i.id);
    expect(order.indexOf(high)).toBeLessThan(order.indexOf(low));
    expect(order.indexOf(low)).toBeLessThan(order.indexOf(latest));
    const byDate = await list(anonymous(), '?status=in_progress&sort=recent');
    expect(byDate.data[0].id).toBe(latest);

    const paged = await list(anonymous(), '?status=in_progress&sort=votes&perPage=1&page=2');
    expect(paged.data).toHaveLength(1);
    expect(paged.data[0].id).toBe(order[1]);
    expect(paged.meta).toMatchObject({
      total: order.length,
      perPage: 1,
      currentPage: 2,
      lastPage: order.length,
    });
  });
});

describe('PUT/DELETE /roadmap/{id}/vote', () => {
  it('votes once per member, idempotently, and takes the vote back', async () => {
    const id = await item({ title: 'Idée à voter' });
    expect((await vote(alice.client, id)).json()).toEqual({ voted: true, voteCount: 1 });
    expect((await vote(alice.client, id)).json()).toEqual({ voted: true, voteCount: 1 });
    expect((await vote(bob.client, id)).json()).toEqual({ voted: true, voteCount: 2 });
    expect((await unvote(alice.client, id)).json()).toEqual({ voted: false, voteCount: 1 });
    expect((await unvote(alice.client, id)).json()).toEqual({ voted: false, voteCount: 1 });
    const [row] = await ctx.app.db.select().from(roadMapItems).where(eq(roadMapItems.id, id));
    expect(row!.voteCount).toBe(1);
  });

  it('asks a visitor to sign in (401) and needs the CSRF header', async () => {
    const id = await item();
    const res = await vote(anonymous(), id);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('E_UNAUTHORIZED_ACCESS');
    expect((await unvote(anonymous(), id)).statusCode).toBe(401);
    expect(
      (await alice.client.put(`/api/v1/roadmap/${id}/vote`, undefined, { csrf: false })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for a suggestion, a declined idea or an unknown one; a shipped idea takes votes', async () => {
    for (const status of ['suggested', 'declined']) {
      const id = await item({ status });
      const res = await vote(alice.client, id);
      expect(res.statusCode, status).toBe(404);
      expect(res.json().code).toBe('E_NOT_FOUND');
      expect((await unvote(alice.client, id)).statusCode).toBe(404);
    }
    expect((await vote(alice.client, 2_000_000_000)).statusCode).toBe(404);
    const shipped = await item({ status: 'done', shippedAt: new Date() });
    expect((await vote(alice.client, shipped)).json()).toEqual({ voted: true, voteCount: 1 });
    expect((await unvote(alice.client, shipped)).json()).toEqual({ voted: false, voteCount: 0 });
  });

  it('answers 422 for an id that is not one', async () => {
    expect((await alice.client.put('/api/v1/roadmap/abc/vote')).statusCode).toBe(422);
    expect((await alice.client.put('/api/v1/roadmap/0/vote')).statusCode).toBe(422);
  });
});

describe('POST /roadmap/suggestions', () => {
  const idea = {
    title: 'Synchroniser l’agenda Google',
    description: 'Voir mes rendez-vous de closing dans mon agenda Google.',
  };

  it('records a member’s idea, waiting for moderation and seen by nobody else', async () => {
    const res = await alice.client.post('/api/v1/roadmap/suggestions', {
      title: `  ${idea.title}  `,
      description: idea.description,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: idea.title,
      description: idea.description,
      status: 'suggested',
      category: 'other',
      voteCount: 0,
      votedByMe: false,
    });
    const [row] = await ctx.app.db.select().from(roadMapItems).where(eq(roadMapItems.id, res.json().id));
    expect(row!.suggestedById).toBe(alice.user.id);
    expect((await list(alice.client)).data.map((i: { id: number }) => i.id)).not.toContain(res.json().id);
  });

  it('asks a visitor to sign in (401)', async () => {
    expect((await anonymous().post('/api/v1/roadmap/suggestions', idea)).statusCode).toBe(401);
  });

  it('refuses a short title, a short or long description, unknown statuses (422 on the field)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...idea, title: 'Agen' }, 'title', 'minLength'],
      [{ ...idea, title: 'x'.repeat(121) }, 'title', 'maxLength'],
      [{ ...idea, description: 'Court' }, 'description', 'minLength'],
      [{ ...idea, description: 'x'.repeat(2001) }, 'description', 'maxLength'],
      [{ title: idea.title }, 'description', 'required'],
      [{ ...idea, title: 'Un titre\u0000' }, 'title', 'invalidCharacters'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await bob.client.post('/api/v1/roadmap/suggestions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field, rule });
    }
  });

  it('is limited per member: the sixth suggestion within the hour answers 429', async () => {
    const carol = await signedInClient(ctx.app, { kind: 'setter' });
    for (let i = 0; i < 5; i++) {
      const res = await carol.client.post('/api/v1/roadmap/suggestions', {
        ...idea,
        title: `Idée numéro ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await carol.client.post('/api/v1/roadmap/suggestions', idea);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('E_TOO_MANY_REQUESTS');
    // Another member is not held back by it.
    expect((await bob.client.post('/api/v1/roadmap/suggestions', idea)).statusCode).toBe(201);
  });
});

describe('the account', () => {
  it('exports the member’s votes and suggestions; deleting it takes its votes back from the counts', async () => {
    const dora = await signedInClient(ctx.app, { kind: 'setter' });
    const id = await item({ title: 'Idée votée par Dora' });
    await vote(dora.client, id);
    await vote(alice.client, id);
    await dora.client.post('/api/v1/roadmap/suggestions', {
      title: 'La proposition de Dora',
      description: 'Une proposition exportée avec le compte.',
    });
    const exported = (await dora.client.get('/api/v1/user/export')).json();
    expect(exported.roadMapVotes).toEqual([expect.objectContaining({ itemId: id })]);
    expect(exported.roadMapSuggestions).toEqual([
      expect.objectContaining({ title: 'La proposition de Dora', status: 'suggested' }),
    ]);
    expect((await dora.client.delete('/api/v1/user')).statusCode).toBe(204);
    const [row] = await ctx.app.db.select().from(roadMapItems).where(eq(roadMapItems.id, id));
    expect(row!.voteCount).toBe(1);
    const [suggestion] = await ctx.app.db
      .select()
      .from(roadMapItems)
      .where(eq(roadMapItems.title, 'La proposition de Dora'));
    expect(suggestion!.suggestedById).toBeNull();
  });
});
