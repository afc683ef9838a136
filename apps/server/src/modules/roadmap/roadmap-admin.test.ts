import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roadMapItems } from '../../db/schema';
import { createTestApp, lastMailTo, signedInClient, TestClient, type TestContext } from '../../test/helpers';

// The road map's administration (issue 22 §2): the team's ideas, moderation of suggestions, shipping.

let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof signedInClient>>;
let admin: Signed;
let alice: Signed; // suggests ideas and votes
let bob: Signed; // votes
const anonymous = () => new TestClient(ctx.app);

const newItem = (values: Record<string, unknown> = {}) => ({
  title: 'Rappels SMS avant les appels de closing',
  description: 'Un SMS la veille et une heure avant.\nMoins de rendez-vous manqués.',
  category: 'crm',
  ...values,
});

async function create(values: Record<string, unknown> = {}) {
  const res = await admin.client.post('/api/v1/admin/roadmap', newItem(values));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function suggest(client: TestClient, title = 'Un tableau de bord des commissions') {
  const res = await client.post('/api/v1/roadmap/suggestions', {
    title,
    description: 'Voir d’un coup d’œil ce que chaque offre me rapporte.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const notificationsOf = async (client: TestClient) =>
  (await client.get('/api/v1/notifications')).json().data as {
    type: string;
    category: string;
    title: string;
    body: string | null;
    link: string | null;
  }[];

const auditOf = async (action: string, id: number) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInClient(ctx.app, { admin: true });
  alice = await signedInClient(ctx.app, { kind: 'setter', firstName: 'Alice', lastName: 'Martin' });
  bob = await signedInClient(ctx.app, { kind: 'closer', firstName: 'Bob' });
}, 60_000);
afterAll(() => ctx.close());

describe('the admin routes refuse everyone else', () => {
  it('401 for a visitor, 403 for a member, on every route', async () => {
    const id = (await create()).id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/roadmap'],
      ['POST', '/api/v1/admin/roadmap', newItem()],
      ['PUT', `/api/v1/admin/roadmap/${id}`, { title: 'Un autre titre' }],
      ['DELETE', `/api/v1/admin/roadmap/${id}`],
      ['POST', `/api/v1/admin/roadmap/${id}/accept`],
      ['POST', `/api/v1/admin/roadmap/${id}/decline`, { reason: 'Pas maintenant' }],
    ];
    for (const [method, url, body] of calls) {
      const visitor = await anonymous().request(method as 'GET', url, body as never);
      expect(visitor.statusCode, `${method} ${url} anonymous`).toBe(401);
      const member = await alice.client.request(method as 'GET', url, body as never);
      expect(member.statusCode, `${method} ${url} member`).toBe(403);
      expect(member.json().code).toBe('E_FORBIDDEN');
    }
    const [row] = await ctx.app.db.select().from(roadMapItems).where(eq(roadMapItems.id, id));
    expect(row!.title).toBe(newItem().title);
  });
});

describe('POST /admin/roadmap, PUT, DELETE', () => {
  it('creates a public idea (planned by default), audited', async () => {
    const item = await create();
    expect(item).toMatchObject({
      title: newItem().title,
      description: newItem().description,
      category: 'crm',
      status: 'planned',
      voteCount: 0,
      shippedAt: null,
      declinedReason: null,
      suggestedBy: null,
    });
    const visible = (await anonymous().get('/api/v1/roadmap?status=planned')).json();
    expect(visible.data.map((i: { id: number }) => i.id)).toContain(item.id);
    expect(await auditOf('roadmap.create', item.id)).toHaveLength(1);
    const shipped = await create({ title: 'Déjà livrée à la création', status: 'done' });
    expect(shipped.shippedAt).not.toBeNull();
  });

  it('refuses bad input with the field and rule (422)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [newItem({ title: 'Abc' }), 'title', 'minLength'],
      [newItem({ description: 'x'.repeat(2001) }), 'description', 'maxLength'],
      [newItem({ category: 'autre' }), 'category', 'enum'],
      [newItem({ status: 'suggested' }), 'status', 'enum'],
      [newItem({ status: 'declined' }), 'status', 'enum'],
      [{ title: newItem().title }, 'category', 'required'],
    ];
    for (const [body, field, rule] of cases) {
      const res = await admin.client.post('/api/v1/admin/roadmap', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field, rule });
    }
    const id = (await create()).id;
    const bad = await admin.client.put(`/api/v1/admin/roadmap/${id}`, { status: 'shipped' });
    expect(bad.statusCode).toBe(422);
  });

  it('moves an idea between columns; shipping tells every voter once (bell and e-mail), not the admin', async () => {
    const item = await create({ title: 'Import des prospects depuis HubSpot', category: 'integrations' });
    await alice.client.put(`/api/v1/roadmap/${item.id}/vote`);
    await bob.client.put(`/api/v1/roadmap/${item.id}/vote`);
    await admin.client.put(`/api/v1/roadmap/${item.id}/vote`);

    const building = await admin.client.put(`/api/v1/admin/roadmap/${item.id}`, { status: 'in_progress' });
    expect(building.json()).toMatchObject({ status: 'in_progress', shippedAt: null, voteCount: 3 });
    expect((await notificationsOf(alice.client)).some((n) => n.type === 'roadmap_shipped')).toBe(false);

    const done = await admin.client.put(`/api/v1/admin/roadmap/${item.id}`, { status: 'done' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().shippedAt).not.toBeNull();
    for (const voter of [alice, bob]) {
      const shipped = (await notificationsOf(voter.client)).filter((n) => n.type === 'roadmap_shipped');
      expect(shipped).toEqual([
        expect.objectContaining({
          category: 'roadmap',
          title: 'Livré : « Import des prospects depuis HubSpot »',
          link: `/road-map#idee-${item.id}`,
        }),
      ]);
      const mail = await lastMailTo(ctx.app, voter.user.email);
      expect(mail?.subject).toBe('C’est livré : « Import des prospects depuis HubSpot »');
    }
    expect((await notificationsOf(admin.client)).some((n) => n.type === 'roadmap_shipped')).toBe(false);

    // Saving it again as done tells nobody twice.
    await admin.client.put(`/api/v1/admin/roadmap/${item.id}`, { status: 'done', title: 'Import HubSpot' });
    const again = (await notificationsOf(alice.client)).filter((n) => n.type === 'roadmap_shipped');
    expect(again).toHaveLength(1);

    // Back in progress: the date goes.
    const back = await admin.client.put(`/api/v1/admin/roadmap/${item.id}`, { status: 'in_progress' });
    expect(back.json()).toMatchObject({ status: 'in_progress', shippedAt: null, title: 'Import HubSpot' });
    const entries = await auditOf('roadmap.update', item.id);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id, targetKind: 'roadmap_item' });
  });

  it('a voter who turned the road map’s e-mails off is told in the bell only', async () => {
    const carol = await signedInClient(ctx.app, { kind: 'setter' });
    const prefs = await carol.client.put('/api/v1/notifications/preferences', { email: { roadmap: false } });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const item = await create({ title: 'Tableau de bord mobile', category: 'mobile' });
    await carol.client.put(`/api/v1/roadmap/${item.id}/vote`);
    await admin.client.put(`/api/v1/admin/roadmap/${item.id}`, { status: 'done' });
    expect((await notificationsOf(carol.client))[0]).toMatchObject({ type: 'roadmap_shipped' });
    expect(await lastMailTo(ctx.app, carol.user.email)).toBeNull();
  });

  it('deletes an idea with its votes (204), audited; 404 after', async () => {
    const item = await create({ title: 'Idée supprimée' });
    await alice.client.put(`/api/v1/roadmap/${item.id}/vote`);
    expect((await admin.client.delete(`/api/v1/admin/roadmap/${item.id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/v1/admin/roadmap/${item.id}`)).statusCode).toBe(404);
    expect(
      (await admin.client.put(`/api/v1/admin/roadmap/${item.id}`, { title: 'Encore là ?' })).statusCode,
    ).toBe(404);
    expect((await alice.client.put(`/api/v1/roadmap/${item.id}/vote`)).statusCode).toBe(404);
    expect(await auditOf('roadmap.delete', item.id)).toHaveLength(1);
  });
});

describe('suggestions: GET /admin/roadmap, accept, decline', () => {
  it('lists suggestions first with who suggested them; filters by status and words', async () => {
    const id = await suggest(alice.client, 'Un tableau de bord des commissions');
    const all = (await admin.client.get('/api/v1/admin/roadmap?perPage=100')).json();
    expect(all.data[0].status).toBe('suggested');
    const mine = all.data.find((i: { id: number }) => i.id === id);
    expect(mine).toMatchObject({ suggestedBy: { id: alice.user.id, fullName: 'Alice Martin' } });
    const suggestions = (await admin.client.get('/api/v1/admin/roadmap?status=suggested')).json();
    expect(suggestions.data.every((i: { status: string }) => i.status === 'suggested')).toBe(true);
    const found = (await admin.client.get('/api/v1/admin/roadmap?query=commission')).json();
    expect(found.data.map((i: { id: number }) => i.id)).toContain(id);
    const none = (await admin.client.get('/api/v1/admin/roadmap?query=introuvable')).json();
    expect(none.meta.total).toBe(0);
  });

  it('keeps a suggestion’s status out of PUT (409) but lets its wording and category change', async () => {
    const id = await suggest(alice.client, 'Une idée à reformuler');
    const moved = await admin.client.put(`/api/v1/admin/roadmap/${id}`, { status: 'planned' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().reason).toBe('ROADMAP_WRONG_STATUS');
    const edited = await admin.client.put(`/api/v1/admin/roadmap/${id}`, {
      title: 'Une idée reformulée',
      category: 'teams',
    });
    expect(edited.json()).toMatchObject({
      status: 'suggested',
      title: 'Une idée reformulée',
      category: 'teams',
    });
  });

  it('accepts a suggestion: planned, public, votable, its author told; twice is 409', async () => {
    const id = await suggest(alice.client, 'Signature électronique des contrats');
    const res = await admin.client.post(`/api/v1/admin/roadmap/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'planned', suggestedBy: { id: alice.user.id } });
    expect((await bob.client.put(`/api/v1/roadmap/${id}/vote`)).json()).toEqual({
      voted: true,
      voteCount: 1,
    });
    const [note] = await notificationsOf(alice.client);
    expect(note).toMatchObject({
      type: 'roadmap_suggestion_accepted',
      category: 'roadmap',
      title: 'Votre idée « Signature électronique des contrats » est au programme',
      link: `/road-map#idee-${id}`,
    });
    expect((await lastMailTo(ctx.app, alice.user.email))?.subject).toBe(
      'Votre idée « Signature électronique des contrats » rejoint la feuille de route',
    );
    const twice = await admin.client.post(`/api/v1/admin/roadmap/${id}/accept`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().reason).toBe('ROADMAP_WRONG_STATUS');
    expect((await admin.client.post('/api/v1/admin/roadmap/2000000000/accept')).statusCode).toBe(404);
    expect(await auditOf('roadmap.accept', id)).toHaveLength(1);
  });

  it('declines with a reason its author reads; it stays out of the road map; a shipped one cannot be declined', async () => {
    const id = await suggest(alice.client, 'Un mode sombre pour les e-mails');
    const short = await admin.client.post(`/api/v1/admin/roadmap/${id}/decline`, { reason: 'Non' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors[0]).toMatchObject({ field: 'reason', rule: 'minLength' });
    const reason = 'Les e-mails suivent déjà le thème de votre messagerie.';
    const res = await admin.client.post(`/api/v1/admin/roadmap/${id}/decline`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', declinedReason: reason });
    const [note] = await notificationsOf(alice.client);
    expect(note).toMatchObject({
      type: 'roadmap_suggestion_declined',
      title: 'Votre idée « Un mode sombre pour les e-mails » n’a pas été retenue',
      body: reason,
    });
    expect((await bob.client.put(`/api/v1/roadmap/${id}/vote`)).statusCode).toBe(404);
    const again = await admin.client.post(`/api/v1/admin/roadmap/${id}/decline`, { reason });
    expect(again.json().reason).toBe('ROADMAP_WRONG_STATUS');
    const shipped = await create({ title: 'Une idée livrée', status: 'done' });
    const late = await admin.client.post(`/api/v1/admin/roadmap/${shipped.id}/decline`, { reason });
    expect(late.statusCode).toBe(409);
    expect(late.json().reason).toBe('ROADMAP_WRONG_STATUS');
    expect(await auditOf('roadmap.decline', id)).toEqual([expect.objectContaining({ reason })]);

    // Set back on the road map by the team: the reason goes.
    const reopened = await admin.client.put(`/api/v1/admin/roadmap/${id}`, { status: 'planned' });
    expect(reopened.json()).toMatchObject({ status: 'planned', declinedReason: null });
  });

  it('declining a team idea (no author) notifies nobody', async () => {
    const item = await create({ title: 'Une idée de l’équipe abandonnée' });
    const res = await admin.client.post(`/api/v1/admin/roadmap/${item.id}/decline`, {
      reason: 'Remplacée par une meilleure idée.',
    });
    expect(res.json()).toMatchObject({ status: 'declined', suggestedBy: null });
  });
});
