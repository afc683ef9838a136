import { prospectCreateSchema, prospectStatusError } from '@closia/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  commissionLines,
  deals,
  faqEntries,
  missions,
  prospectActivities,
  prospects,
  roadMapItems,
  roadMapVotes,
  services,
  supportTicketMessages,
  supportTickets,
} from '../db/schema';
import { createTestApp, TestClient, type TestContext } from '../test/helpers';
import { DEMO_PASSWORD, seed } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  await seed(ctx.app.db, { demo: true });
});
afterAll(() => ctx.close());

const total = async (
  table:
    | typeof services
    | typeof missions
    | typeof applications
    | typeof prospects
    | typeof prospectActivities
    | typeof deals
    | typeof commissionLines
    | typeof roadMapItems
    | typeof roadMapVotes,
) => (await ctx.app.db.select({ n: count() }).from(table))[0]!.n;

describe('the demo seed', () => {
  it('creates a living marketplace once: offers, missions, applications, a live campaign', async () => {
    const before = {
      services: await total(services),
      missions: await total(missions),
      applications: await total(applications),
    };
    expect(before.services).toBeGreaterThanOrEqual(5);
    expect(before.missions).toBeGreaterThanOrEqual(6);
    expect(before.applications).toBeGreaterThanOrEqual(5);
    await seed(ctx.app.db, { demo: true });
    expect({
      services: await total(services),
      missions: await total(missions),
      applications: await total(applications),
    }).toEqual(before);
  });

  it('shows the demo freelancers missions (a sponsored one first), an accepted closer an offer to sell', async () => {
    const setter = new TestClient(ctx.app);
    await setter.login('setter@closia.fr', DEMO_PASSWORD);
    const search = (await setter.get('/api/v1/missions?forMe=1')).json();
    expect(search.meta.total).toBeGreaterThanOrEqual(1);
    expect(search.data[0].match.reasons.length).toBeGreaterThan(0);
    const closer = new TestClient(ctx.app);
    await closer.login('closer@closia.fr', DEMO_PASSWORD);
    // The campaign targets closers: first for the closer, not promoted to the setter.
    const immo = (await closer.get('/api/v1/missions?query=immobiler')).json();
    expect(immo.data[0]).toMatchObject({
      sponsored: true,
      title: 'Closer pour formation immobilier locatif',
    });
    const forSetter = (await setter.get('/api/v1/missions?query=immobiler')).json();
    expect(forSetter.data.some((m: { sponsored: boolean }) => m.sponsored)).toBe(false);
    expect((await closer.get('/api/v1/services/sellable')).json().data).toHaveLength(1);
    expect((await closer.get('/api/v1/favorites')).json().meta.total).toBe(1);

    const owner = new TestClient(ctx.app);
    await owner.login('infopreneur@closia.fr', DEMO_PASSWORD);
    const mine = (await owner.get('/api/v1/services/mine')).json();
    expect(mine.data.map((s: { validationStatus: string }) => s.validationStatus).sort()).toEqual([
      'approved',
      'approved',
      'pending_review',
    ]);
    const [pending] = await ctx.app.db
      .select()
      .from(services)
      .where(eq(services.validationStatus, 'pending_review'));
    expect(pending?.name).toBe('Masterclass location courte durée');
    expect((await owner.get('/api/v1/advertisements')).json().data[0]).toMatchObject({
      live: true,
      status: 'active',
    });
  });

  it('gives the demo setter and closer a CRM: prospects, activities, deals in every stage, a ledger', async () => {
    const counts = async () => ({
      prospects: await total(prospects),
      activities: await total(prospectActivities),
      deals: await total(deals),
      lines: await total(commissionLines),
    });
    const before = await counts();
    expect(before.prospects).toBeGreaterThanOrEqual(50);
    await seed(ctx.app.db, { demo: true });
    expect(await counts()).toEqual(before);

    const setter = new TestClient(ctx.app);
    await setter.login('setter@closia.fr', DEMO_PASSWORD);
    const closer = new TestClient(ctx.app);
    await closer.login('closer@closia.fr', DEMO_PASSWORD);
    const owner = new TestClient(ctx.app);
    await owner.login('infopreneur@closia.fr', DEMO_PASSWORD);

    // The setter sells the immobilier offer (the sales journey's) and the Bourse offer (the
    // round-robin webinar's), each through an accepted mission.
    const sellable = (await setter.get('/api/v1/services/sellable')).json().data as { name: string }[];
    expect(sellable.map((service) => service.name).sort()).toEqual([
      'Bourse : construire son portefeuille en 90 jours',
      'Investir dans l’immobilier locatif rentable',
    ]);
    const statuses = new Set<string>();
    for (const client of [setter, closer]) {
      const list = (await client.get('/api/v1/deals?perPage=100')).json();
      for (const deal of list.data) statuses.add(deal.status);
    }
    expect([...statuses].sort()).toEqual(
      ['Closed', 'Closing', 'FollowUp', 'Lost', 'Onboarding', 'Prospecting', 'Qualification', 'Role'].sort(),
    );
    const handed = (await setter.get('/api/v1/deals?owner=setter')).json().data;
    expect(handed.length).toBeGreaterThanOrEqual(1);
    const detail = await closer.get(`/api/v1/deals/${handed[0].id}`);
    expect(detail.json().dealHistories.some((h: { field: string }) => h.field === 'owner')).toBe(true);
    const lost = (await closer.get('/api/v1/deals?status=Lost')).json().data;
    expect(lost[0].lostReason).toBeTruthy();

    const ledger = (await owner.get('/api/v1/commissions')).json();
    expect(ledger.role).toBe('infopreneur');
    expect(
      ledger.owed.map((o: { beneficiary: { fullName: string } }) => o.beneficiary.fullName).sort(),
    ).toEqual(['Camille Closer', 'Sofiane Setter']);
    expect(ledger.totals.dueCents).toBeGreaterThan(0);
    expect(ledger.lines.some((l: { status: string }) => l.status === 'paid')).toBe(true);
    expect(ledger.lines.some((l: { instalments: number }) => l.instalments === 3)).toBe(true);
    expect((await closer.get('/api/v1/stats/forecast')).json().stale.length).toBeGreaterThanOrEqual(1);

    // Activities overdue, due today and later this week.
    const now = Date.now();
    const open = await ctx.app.db.select().from(prospectActivities);
    const pending = open.filter((a) => a.doneAt === null).map((a) => (a.dueAt.getTime() - now) / 86_400_000);
    expect(pending.some((d) => d < -1)).toBe(true);
    expect(pending.some((d) => Math.abs(d) < 0.5)).toBe(true);
    expect(pending.some((d) => d > 1 && d < 7)).toBe(true);
  });

  it('seeds only prospects a user could enter: each passes the create schema and the status rule', async () => {
    const rows = await ctx.app.db.select().from(prospects);
    expect(rows.length).toBeGreaterThanOrEqual(50);
    for (const row of rows) {
      const input = {
        firstName: row.firstName,
        lastName: row.lastName,
        contactLinks: row.contactLinks,
        observations: row.observations,
        email: row.email,
        phone: row.phone,
        customFields: row.customFields,
        nextActivityAt: row.nextActivityAt?.toISOString() ?? null,
        state: row.state,
        leadStage: row.leadStage,
      };
      const parsed = prospectCreateSchema.safeParse(input);
      expect(parsed.success, `${row.firstName} ${row.lastName}: ${parsed.error?.message}`).toBe(true);
      expect(
        prospectStatusError(parsed.data!),
        `${row.firstName} ${row.lastName}: ${row.state} / ${row.leadStage}`,
      ).toBeNull();
    }
    // In step with their deals: a won deal's prospect is "Succès" and "Conclu", a lost one's "Perdu";
    // and a closed deal is certain either way (100 % won, 0 % lost), as winning and losing set it.
    const closed = await ctx.app.db
      .select({ status: deals.status, probability: deals.probability, prospect: prospects })
      .from(deals)
      .innerJoin(prospects, eq(prospects.id, deals.prospectId))
      .where(inArray(deals.status, ['Closed', 'Lost']));
    expect(closed.length).toBeGreaterThanOrEqual(4);
    for (const deal of closed) {
      if (deal.status === 'Closed') {
        expect(deal).toMatchObject({ probability: 100, prospect: { state: 'success', leadStage: 'closed' } });
      } else {
        expect(deal).toMatchObject({ probability: 0, prospect: { leadStage: 'lost' } });
      }
    }
  });

  it('gives the demo accounts conversations with unread messages, a team at work and notifications', async () => {
    const closer = new TestClient(ctx.app);
    await closer.login('closer@closia.fr', DEMO_PASSWORD);
    const setter = new TestClient(ctx.app);
    await setter.login('setter@closia.fr', DEMO_PASSWORD);

    expect((await closer.get('/api/v1/user')).json().unreadMessageCount).toBe(2);
    const conversations = (await closer.get('/api/v1/conversations')).json().data;
    expect(conversations.length).toBeGreaterThanOrEqual(2);
    expect(conversations[0]).toMatchObject({ unreadCount: 2, other: { fullName: 'Sofiane Setter' } });

    const teams = (await closer.get('/api/v1/teams')).json().data;
    expect(teams[0]).toMatchObject({ name: 'Équipe Immo Sud', myRole: 'creator', memberCount: 4 });
    const teamId = teams[0].id;
    const chats = (await setter.get(`/api/v1/teams/${teamId}/chats`)).json().data;
    expect(chats.map((c: { name: string }) => c.name)).toEqual(['Général', 'Objections']);
    const messages = (await setter.get(`/api/v1/teams/${teamId}/chats/${chats[0].id}/messages`)).json().data;
    expect(messages.length).toBeGreaterThanOrEqual(5);
    expect((await setter.get(`/api/v1/teams/${teamId}/events`)).json().data.length).toBeGreaterThanOrEqual(2);
    expect(
      (await ctx.app.db.select({ n: count() }).from(deals).where(eq(deals.teamId, teamId)))[0]!.n,
    ).toBeGreaterThanOrEqual(1);

    const invitations = (await setter.get('/api/v1/team-invitations')).json().data;
    expect(invitations[0].team.name).toBe('Les Setters de Lyon');
    const bell = (await setter.get('/api/v1/notifications')).json();
    expect(bell.meta.unreadCount).toBeGreaterThanOrEqual(2);
    expect(bell.data.map((n: { type: string }) => n.type)).toEqual(
      expect.arrayContaining(['message', 'team_invitation', 'team_event']),
    );
  });

  it('fills the road map: every column with votes, a declined idea, two suggestions waiting; once', async () => {
    const before = { items: await total(roadMapItems), votes: await total(roadMapVotes) };
    await seed(ctx.app.db, { demo: true });
    expect({ items: await total(roadMapItems), votes: await total(roadMapVotes) }).toEqual(before);

    const setter = new TestClient(ctx.app);
    await setter.login('setter@closia.fr', DEMO_PASSWORD);
    for (const status of ['planned', 'in_progress', 'done']) {
      const column = (await setter.get(`/api/v1/roadmap?status=${status}`)).json();
      expect(column.meta.total, status).toBeGreaterThanOrEqual(3);
      expect(column.data[0].voteCount, status).toBeGreaterThanOrEqual(20);
    }
    const planned = (await setter.get('/api/v1/roadmap?status=planned')).json().data;
    expect(planned.some((item: { votedByMe: boolean }) => item.votedByMe)).toBe(true);

    const admin = new TestClient(ctx.app);
    await admin.login('admin@closia.fr', DEMO_PASSWORD);
    const suggestions = (await admin.get('/api/v1/admin/roadmap?status=suggested')).json();
    expect(suggestions.meta.total).toBe(2);
    expect(suggestions.data[0].suggestedBy).not.toBeNull();
    const declined = (await admin.get('/api/v1/admin/roadmap?status=declined')).json();
    expect(declined.data[0].declinedReason).toBeTruthy();
    // The kept counters agree with the votes.
    const counted = await ctx.app.db.select().from(roadMapItems);
    const sum = counted.reduce((n, item) => n + item.voteCount, 0);
    expect(sum).toBe(before.votes);
  });
  it('gives /support a FAQ in five categories and two answered tickets, once', async () => {
    const counts = async () => ({
      faq: (await ctx.app.db.select({ n: count() }).from(faqEntries))[0]!.n,
      tickets: (await ctx.app.db.select({ n: count() }).from(supportTickets))[0]!.n,
      messages: (await ctx.app.db.select({ n: count() }).from(supportTicketMessages))[0]!.n,
    });
    const before = await counts();
    expect(before).toEqual({ faq: 12, tickets: 2, messages: 5 });
    await seed(ctx.app.db, { demo: true });
    expect(await counts()).toEqual(before);

    const faq = (await new TestClient(ctx.app).get('/api/v1/faq?perPage=100')).json();
    expect(new Set(faq.data.map((e: { category: string }) => e.category))).toEqual(
      new Set(['account', 'billing', 'marketplace', 'crm', 'webinars']),
    );
    const setter = new TestClient(ctx.app);
    await setter.login('setter@closia.fr', DEMO_PASSWORD);
    const [ticket] = (await setter.get('/api/v1/support/tickets')).json().data;
    expect(ticket).toMatchObject({ status: 'open', messageCount: 3, assignee: null });
    const bell = (await setter.get('/api/v1/notifications')).json();
    expect(bell.data.map((n: { type: string }) => n.type)).toContain('support_reply');
    const admin = new TestClient(ctx.app);
    await admin.login('admin@closia.fr', DEMO_PASSWORD);
    const inbox = (await admin.get('/api/v1/admin/support/tickets?status=pending')).json();
    expect(inbox.counts).toEqual({ open: 1, pending: 1, closed: 0 });
    expect(inbox.data[0]).toMatchObject({
      requester: null,
      name: 'Julie Fontaine',
      lastMessageFromStaff: true,
    });
  });
});
