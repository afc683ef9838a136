import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, supportTickets } from '../../db/schema';
import {
  createTestApp,
  createUser,
  lastMailTo,
  signedInClient,
  TestClient,
  type TestContext,
} from '../../test/helpers';

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const signed = await signedInClient(ctx.app, { admin: true, firstName: 'Alice' });
  admin = signed.client;
  adminId = signed.user.id;
});
afterAll(() => ctx.close());

const ticket = (patch: Record<string, unknown> = {}) => ({
  subject: 'Je ne reçois pas ma facture',
  message: 'Bonjour, mon paiement du mois est passé mais je ne trouve pas la facture dans mon espace.',
  category: 'billing',
  ...patch,
});

async function opened(client: TestClient, patch: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/support/tickets', ticket(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; reference: string; email: string; followable: boolean };
}

const visitorTicket = (email = `visiteur-${Math.random().toString(16).slice(2)}@exemple.fr`) =>
  opened(new TestClient(ctx.app), { email, name: 'Jeanne Visiteuse' });

describe('opening a ticket', () => {
  it('a visitor gives an e-mail and gets a reference; the support address is e-mailed', async () => {
    const created = await visitorTicket('jeanne@exemple.fr');
    expect(created).toMatchObject({
      reference: `S-${String(created.id).padStart(6, '0')}`,
      email: 'jeanne@exemple.fr',
      status: 'open',
      followable: false,
    });
    const mail = await lastMailTo(ctx.app, 'support@closia.fr');
    expect(mail?.subject).toBe(`[${created.reference}] Je ne reçois pas ma facture`);
    expect(mail?.text).toContain('Jeanne Visiteuse <jeanne@exemple.fr> (visiteur sans compte)');
    expect(mail?.text).toContain('Catégorie : Abonnement et paiement');
    expect(mail?.link).toContain(`/admin/support/tickets/${created.id}`);
    // No acknowledgement to the address a visitor typed.
    expect(await lastMailTo(ctx.app, 'jeanne@exemple.fr')).toBeNull();
  });

  it('a visitor without an e-mail is refused (422 on email, rule required)', async () => {
    const res = await new TestClient(ctx.app).post('/api/v1/support/tickets', ticket());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'email', rule: 'required', message: 'The email field must be defined' },
    ]);
  });

  it('checks the subject (5–150), the message (20–5000), the category and the e-mail', async () => {
    const res = await new TestClient(ctx.app).post('/api/v1/support/tickets', {
      subject: 'Aide',
      message: 'Trop court',
      category: 'horoscope',
      email: 'pas-une-adresse',
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields.sort()).toEqual(['category', 'email', 'message', 'subject']);
    const long = await new TestClient(ctx.app).post(
      '/api/v1/support/tickets',
      ticket({ email: 'a@exemple.fr', subject: 'x'.repeat(151), message: 'y'.repeat(5001) }),
    );
    expect(long.json().errors.map((e: { rule: string }) => e.rule)).toEqual(['maxLength', 'maxLength']);
  });

  it('a signed-in user writes from their account: its e-mail and name, whatever is sent', async () => {
    const { user, client } = await signedInClient(ctx.app, { firstName: 'Sofiane', lastName: 'Setter' });
    const created = await opened(client, { email: 'autre@exemple.fr', name: 'Quelqu’un' });
    expect(created).toMatchObject({ email: user.email, followable: true });
    const thread = (await client.get(`/api/v1/support/tickets/${created.id}`)).json();
    expect(thread).toMatchObject({
      subject: 'Je ne reçois pas ma facture',
      name: 'Sofiane Setter',
      requester: { id: user.id, fullName: 'Sofiane Setter' },
      assignee: null,
      status: 'open',
      messageCount: 1,
      canReply: true,
      messages: [{ fromStaff: false, mine: true, authorName: 'Sofiane Setter' }],
    });
    const mine = (await client.get('/api/v1/support/tickets')).json();
    expect(mine.data.map((t: { id: number }) => t.id)).toEqual([created.id]);
    expect(mine.meta.total).toBe(1);
  });

  it('limits visitors to 5 tickets an hour per address (429), not the next address', async () => {
    const visitor = new TestClient(ctx.app);
    for (let i = 0; i < 5; i++) await opened(visitor, { email: 'flood@exemple.fr' });
    const refused = await visitor.post('/api/v1/support/tickets', ticket({ email: 'flood@exemple.fr' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().code).toBe('E_TOO_MANY_REQUESTS');
    // An invalid request is not counted, and another address is not concerned.
    await opened(new TestClient(ctx.app), { email: 'flood@exemple.fr' });
  });
});

describe('who reads and writes a ticket', () => {
  it("someone else's ticket is 404 (read, reply); a visitor is 401", async () => {
    const { client: owner } = await signedInClient(ctx.app);
    const { id } = await opened(owner);
    const { client: stranger } = await signedInClient(ctx.app);
    expect((await stranger.get(`/api/v1/support/tickets/${id}`)).statusCode).toBe(404);
    expect(
      (await stranger.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Bonjour ?' })).statusCode,
    ).toBe(404);
    expect((await stranger.get('/api/v1/support/tickets')).json().data).toEqual([]);
    const visitor = new TestClient(ctx.app);
    expect((await visitor.get(`/api/v1/support/tickets/${id}`)).statusCode).toBe(401);
    expect((await visitor.get('/api/v1/support/tickets')).statusCode).toBe(401);
    expect(
      (await visitor.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Bonjour' })).statusCode,
    ).toBe(401);
    expect((await owner.get('/api/v1/support/tickets/999999')).statusCode).toBe(404);
  });

  it('the admin routes answer 403 to members and 401 to visitors', async () => {
    const { client: member } = await signedInClient(ctx.app, { kind: 'closer' });
    const { id } = await opened(member);
    for (const [client, status] of [
      [member, 403],
      [new TestClient(ctx.app), 401],
    ] as const) {
      expect((await client.get('/api/v1/admin/support/tickets')).statusCode).toBe(status);
      expect((await client.get('/api/v1/admin/support/assignees')).statusCode).toBe(status);
      expect((await client.put(`/api/v1/admin/support/tickets/${id}`, { status: 'closed' })).statusCode).toBe(
        status,
      );
    }
    const [row] = await ctx.app.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row?.status).toBe('open');
  });

  it('a verified e-mail owns the tickets a visitor opened with it; an unverified one does not', async () => {
    const email = `futur-${Date.now()}@exemple.fr`;
    const { id } = await visitorTicket(email);
    const unverified = await createUser(ctx.app, { email, emailVerifiedAt: null });
    const client = new TestClient(ctx.app);
    await client.login(unverified.email);
    expect((await client.get(`/api/v1/support/tickets/${id}`)).statusCode).toBe(404);
    const verified = await signedInClient(ctx.app, { email: `verifie-${email}` });
    const claimed = await visitorTicket(`verifie-${email}`);
    expect((await verified.client.get('/api/v1/support/tickets')).json().data[0]).toMatchObject({
      id: claimed.id,
      requester: null,
      name: 'Jeanne Visiteuse',
    });
    const replied = await verified.client.post(`/api/v1/support/tickets/${claimed.id}/messages`, {
      body: 'C’est moi, j’ai créé mon compte depuis.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().messages.map((m: { mine: boolean }) => m.mine)).toEqual([true, true]);
  });
});

describe('the thread', () => {
  it('the team answers: pending, the requester is told in the bell and by e-mail', async () => {
    const { user, client } = await signedInClient(ctx.app, { firstName: 'Camille' });
    const { id, reference } = await opened(client);
    const res = await admin.post(`/api/v1/support/tickets/${id}/messages`, {
      body: 'Bonjour Camille,\nvotre facture est disponible dans « Abonnement et factures ».',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      lastMessageFromStaff: true,
      messageCount: 2,
      messages: [{ fromStaff: false }, { fromStaff: true, mine: true, authorName: 'Alice · Support Closia' }],
    });
    const [bell] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'support_reply')));
    expect(bell).toMatchObject({
      title: `Réponse du support à votre demande ${reference}`,
      link: `/support/tickets/${id}`,
      actorId: adminId,
    });
    const mail = await lastMailTo(ctx.app, user.email);
    expect(mail?.subject).toBe(`Réponse à votre demande ${reference} : « Je ne reçois pas ma facture »`);
    expect(mail?.text).toContain('votre facture est disponible');
    // The requester sees the team's message, not its author's account.
    const seen = (await client.get(`/api/v1/support/tickets/${id}`)).json();
    expect(seen.messages[1]).toMatchObject({
      fromStaff: true,
      mine: false,
      authorName: 'Alice · Support Closia',
    });
    expect(seen.assignee).toBeNull();
  });

  it('a visitor is answered by e-mail at the address they gave', async () => {
    const { id, reference } = await visitorTicket('sans-compte@exemple.fr');
    const res = await admin.post(`/api/v1/support/tickets/${id}/messages`, {
      body: 'Voici la marche à suivre.',
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMailTo(ctx.app, 'sans-compte@exemple.fr');
    expect(mail?.subject).toContain(reference);
    expect(mail?.text).toContain('Bonjour Jeanne Visiteuse,');
    expect(mail?.text).toContain('Voici la marche à suivre.');
    expect(mail?.text).toContain('avec cette adresse e-mail');
  });

  it('the requester writes again: open again, a closed ticket included; the assignee is told', async () => {
    const { client } = await signedInClient(ctx.app);
    const { id } = await opened(client);
    await admin.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Pouvez-vous préciser ?' });
    const assigned = await admin.put(`/api/v1/admin/support/tickets/${id}`, {
      status: 'closed',
      assigneeId: adminId,
    });
    expect(assigned.json()).toMatchObject({ status: 'closed', assignee: { id: adminId } });
    const again = await client.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Oui : mars 2026.' });
    expect(again.json()).toMatchObject({ status: 'open', lastMessageFromStaff: false, messageCount: 3 });
    const [told] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.link, `/admin/support/tickets/${id}`)));
    expect(told?.type).toBe('support_reply');
  });

  it('holds at most 100 messages (409 SUPPORT_THREAD_FULL); a reply of 1 to 5000 characters', async () => {
    const { client } = await signedInClient(ctx.app);
    const { id } = await opened(client);
    expect((await client.post(`/api/v1/support/tickets/${id}/messages`, { body: '  ' })).statusCode).toBe(
      422,
    );
    expect(
      (await client.post(`/api/v1/support/tickets/${id}/messages`, { body: 'x'.repeat(5001) })).statusCode,
    ).toBe(422);
    await ctx.app.db.update(supportTickets).set({ messageCount: 100 }).where(eq(supportTickets.id, id));
    expect((await client.get(`/api/v1/support/tickets/${id}`)).json().canReply).toBe(false);
    const full = await client.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Encore moi' });
    expect(full.statusCode).toBe(409);
    expect(full.json().reason).toBe('SUPPORT_THREAD_FULL');
  });
});

describe('the support inbox', () => {
  it('lists a status with the counts of each, by assignee and by words or reference', async () => {
    await ctx.app.db.delete(supportTickets);
    const { client } = await signedInClient(ctx.app, { firstName: 'Hugo', lastName: 'Robert' });
    const a = await opened(client, { subject: 'Import CSV de mes prospects' });
    const b = await opened(client, { subject: 'Changer de carte bancaire' });
    const c = await visitorTicket('marc@exemple.fr');
    await admin.post(`/api/v1/support/tickets/${b.id}/messages`, { body: 'C’est fait.' });
    await admin.put(`/api/v1/admin/support/tickets/${c.id}`, { assigneeId: adminId });

    const inbox = (await admin.get('/api/v1/admin/support/tickets')).json();
    expect(inbox.counts).toEqual({ open: 2, pending: 1, closed: 0 });
    // The queue: the oldest waiting first.
    expect(inbox.data.map((t: { id: number }) => t.id)).toEqual([a.id, c.id]);
    expect(inbox.data[1]).toMatchObject({
      assignee: { id: adminId },
      requester: null,
      email: 'marc@exemple.fr',
    });

    const ids = async (query: string) =>
      (await admin.get(`/api/v1/admin/support/tickets?${query}`))
        .json()
        .data.map((t: { id: number }) => t.id);
    expect(await ids('assignee=me')).toEqual([c.id]);
    expect(await ids(`assignee=${adminId}`)).toEqual([c.id]);
    expect(await ids('assignee=none')).toEqual([a.id]);
    expect(await ids('status=pending')).toEqual([b.id]);
    expect(await ids('query=prospects')).toEqual([a.id]);
    expect(await ids('query=marc%40exemple')).toEqual([c.id]);
    expect(await ids(`query=${a.reference}`)).toEqual([a.id]);
    expect(await ids('status=pending&query=hugo')).toEqual([b.id]);
    const filtered = (await admin.get('/api/v1/admin/support/tickets?query=hugo')).json();
    expect(filtered.counts).toEqual({ open: 1, pending: 1, closed: 0 });
    expect((await admin.get('/api/v1/admin/support/tickets?assignee=moi')).statusCode).toBe(422);
    expect((await admin.get('/api/v1/admin/support/tickets?status=answered')).statusCode).toBe(422);
  });

  it('assigns to an admin only (422 SUPPORT_ASSIGNEE_NOT_ADMIN), to nobody, and closes or reopens', async () => {
    const { id } = await visitorTicket();
    const member = await createUser(ctx.app);
    const refused = await admin.put(`/api/v1/admin/support/tickets/${id}`, { assigneeId: member.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'SUPPORT_ASSIGNEE_NOT_ADMIN',
      errors: [{ field: 'assigneeId' }],
    });
    expect((await admin.put(`/api/v1/admin/support/tickets/${id}`, {})).statusCode).toBe(422);
    expect((await admin.put('/api/v1/admin/support/tickets/999999', { status: 'closed' })).statusCode).toBe(
      404,
    );
    const other = await createUser(ctx.app, { admin: true, firstName: 'Bruno', lastName: 'Support' });
    const assignees = (await admin.get('/api/v1/admin/support/assignees')).json();
    expect(assignees.data).toEqual(expect.arrayContaining([{ id: other.id, fullName: 'Bruno Support' }]));
    expect(assignees.data.some((p: { id: number }) => p.id === member.id)).toBe(false);
    const given = await admin.put(`/api/v1/admin/support/tickets/${id}`, {
      assigneeId: other.id,
      status: 'closed',
    });
    expect(given.json()).toMatchObject({
      status: 'closed',
      assignee: { id: other.id, fullName: 'Bruno Support' },
    });
    const back = await admin.put(`/api/v1/admin/support/tickets/${id}`, { assigneeId: null, status: 'open' });
    expect(back.json()).toMatchObject({ status: 'open', assignee: null });
  });
});

describe('the account', () => {
  it('exports its tickets with their threads, and deleting it deletes them', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const { id } = await opened(client);
    const visitor = await visitorTicket(user.email);
    await admin.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Réponse de l’équipe.' });
    const exported = (await client.get('/api/v1/user/export')).json();
    expect(exported.supportTickets.map((t: { id: number }) => t.id).sort()).toEqual([id, visitor.id].sort());
    const mine = exported.supportTickets.find((t: { id: number }) => t.id === id);
    expect(mine.messages.map((m: { fromStaff: boolean; body: string }) => [m.fromStaff, m.body])).toEqual([
      [false, ticket().message],
      [true, 'Réponse de l’équipe.'],
    ]);
    expect(mine).not.toHaveProperty('assigneeId');

    expect((await client.delete('/api/v1/user')).statusCode).toBe(204);
    const left = await ctx.app.db.select().from(supportTickets).where(eq(supportTickets.email, user.email));
    expect(left).toEqual([]);
  });
});
