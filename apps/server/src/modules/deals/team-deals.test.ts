import type { AddressInfo } from 'node:net';
import type { Deal, Team, TeamStats } from '@closia/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealHistories, notifications } from '../../db/schema';
import { acceptedOn, dealBody, offerWithMissions, prospectOf, teamWithMembers } from '../../test/fixtures';
import { createTestApp, lastMailTo, signedInClient, type TestContext } from '../../test/helpers';
import { liveClient, nextMessage } from '../../test/live-client';
import { givePlan } from '../../test/plans';

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const statusOf = async (p: Promise<{ statusCode: number }>) => (await p).statusCode;

/**
 * A setter accepted on an offer's setter mission who created a team with a closer and a setter
 * colleague (neither accepted on the offer), an outsider, and a deal of the setter in the team.
 */
async function teamSale() {
  const offer = await offerWithMissions(ctx.app);
  const setter = await acceptedOn(ctx.app, offer.setterMission.id, 'setter', {
    firstName: 'Sofiane',
    lastName: 'Setter',
  });
  const [closer, colleague, outsider] = await Promise.all([
    signedInClient(ctx.app, { kind: 'closer', firstName: 'Camille', lastName: 'Closer' }),
    signedInClient(ctx.app, { kind: 'setter', firstName: 'Léa', lastName: 'Collègue' }),
    signedInClient(ctx.app, { kind: 'closer', firstName: 'Omar', lastName: 'Dehors' }),
  ]);
  // The shared pipeline and a second team need the creator on Équipe.
  await givePlan(ctx.app.db, setter.user.id, 'equipe');
  const team = await teamWithMembers(ctx.app, setter.client, { name: 'Équipe Immo' }, [
    { user: closer.user, role: 'member' },
    { user: colleague.user, role: 'member' },
  ]);
  const prospect = await prospectOf(ctx.app, setter.user.id);
  const created = await setter.client.post(
    '/api/v1/deals',
    dealBody(prospect.id, offer.service.id, { teamId: team.id, probability: 50 }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return { ...offer, setter, closer, colleague, outsider, team, prospect, deal: created.json() as Deal };
}

describe('the shared pipeline of a team', () => {
  it('puts a deal in one of my teams, and refuses a team I am not in', async () => {
    const t = await teamSale();
    expect(t.deal).toMatchObject({ teamId: t.team.id, viewerRole: 'owner', canEdit: true });

    const other = await signedInClient(ctx.app, { kind: 'closer' });
    const foreign = (await other.client.post('/api/v1/teams', { name: 'Autre équipe' })).json() as Team;
    for (const teamId of [foreign.id, 999_999]) {
      const res = await t.setter.client.post(
        '/api/v1/deals',
        dealBody(t.prospect.id, t.service.id, { teamId }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'teamId', rule: 'exists' })]);
    }
    const bad = await t.setter.client.post(
      '/api/v1/deals',
      dealBody(t.prospect.id, t.service.id, { teamId: 'abc' }),
    );
    expect(bad.statusCode).toBe(422);
  });

  it('lets members see, edit and move the team deals, and nothing else; outsiders get 404', async () => {
    const t = await teamSale();
    const url = `/api/v1/deals/${t.deal.id}`;
    const seen = await t.colleague.client.get(url);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ viewerRole: 'team', canEdit: true, teamId: t.team.id });

    const moved = await t.colleague.client.post(`${url}/move`, { status: 'Onboarding', note: 'Relancé' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().status).toBe('Onboarding');
    const [history] = await ctx.app.db
      .select()
      .from(dealHistories)
      .where(and(eq(dealHistories.dealId, t.deal.id), eq(dealHistories.toValue, 'Onboarding')));
    expect(history).toMatchObject({ userId: t.colleague.user.id, fromValue: 'Prospecting', note: 'Relancé' });

    const edited = await t.colleague.client.put(url, {
      id: t.deal.id,
      probability: 70,
      title: 'Vente équipe',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      probability: 70,
      title: 'Vente équipe',
      ownerId: t.setter.user.id,
    });

    // The sale stays its owner's: winning, losing, handing off, deleting, moving teams.
    expect(await statusOf(t.colleague.client.post(`${url}/win`, {}))).toBe(403);
    expect(await statusOf(t.colleague.client.post(`${url}/lose`, { reason: 'Trop cher' }))).toBe(403);
    expect(await statusOf(t.colleague.client.delete(url))).toBe(403);
    expect(await statusOf(t.colleague.client.post(`${url}/handoff`, { closerId: t.closer.user.id }))).toBe(
      403,
    );
    expect(await statusOf(t.colleague.client.put(url, { id: t.deal.id, teamId: null }))).toBe(403);
    // A prospect of their own is not the owner's: refused, nothing changed.
    const mine = await prospectOf(ctx.app, t.colleague.user.id);
    const wrong = await t.colleague.client.put(url, { id: t.deal.id, prospectId: mine.id });
    expect(wrong.statusCode).toBe(422);
    expect((await t.setter.client.get(url)).json().prospectId).toBe(t.prospect.id);

    // Outsiders (and the team of nobody) see nothing.
    expect(await statusOf(t.outsider.client.get(url))).toBe(404);
    expect(await statusOf(t.outsider.client.post(`${url}/move`, { status: 'Closing' }))).toBe(404);
    expect(await statusOf(t.outsider.client.put(url, { id: t.deal.id, title: 'Volé' }))).toBe(404);
  });

  it('lists the team deals and their pipeline for members only', async () => {
    const t = await teamSale();
    const personal = await prospectOf(ctx.app, t.setter.user.id);
    const solo = await t.setter.client.post(
      '/api/v1/deals',
      dealBody(personal.id, t.service.id, { status: 'Closing' }),
    );
    expect(solo.statusCode).toBe(201);

    const list = await t.closer.client.get(`/api/v1/deals?teamId=${t.team.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: Deal) => [d.id, d.viewerRole])).toEqual([[t.deal.id, 'team']]);
    // The owner's own list still holds both; the team list only the team's.
    expect((await t.setter.client.get('/api/v1/deals')).json().meta.total).toBe(2);
    expect((await t.setter.client.get(`/api/v1/deals?teamId=${t.team.id}`)).json().meta.total).toBe(1);

    const pipeline = await t.closer.client.get(`/api/v1/pipeline?teamId=${t.team.id}`);
    expect(pipeline.statusCode).toBe(200);
    expect(pipeline.json().stages[0]).toEqual({
      status: 'Prospecting',
      count: 1,
      sumCents: 150_000,
      weightedCents: 75_000,
    });
    expect(pipeline.json().totals.count).toBe(1);
    // The closer's own pipeline holds none of it.
    expect((await t.closer.client.get('/api/v1/pipeline')).json().totals.count).toBe(0);

    expect(await statusOf(t.outsider.client.get(`/api/v1/deals?teamId=${t.team.id}`))).toBe(404);
    expect(await statusOf(t.outsider.client.get(`/api/v1/pipeline?teamId=${t.team.id}`))).toBe(404);
    expect(await statusOf(t.outsider.client.get('/api/v1/pipeline?teamId=abc'))).toBe(422);
  });

  it('lets the owner take a deal out of the team: members lose it at once', async () => {
    const t = await teamSale();
    const out = await t.setter.client.put(`/api/v1/deals/${t.deal.id}`, { id: t.deal.id, teamId: null });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().teamId).toBeNull();
    expect(await statusOf(t.colleague.client.get(`/api/v1/deals/${t.deal.id}`))).toBe(404);
    const back = await t.setter.client.put(`/api/v1/deals/${t.deal.id}`, {
      id: t.deal.id,
      teamId: t.team.id,
    });
    expect(back.json().teamId).toBe(t.team.id);
    expect(await statusOf(t.colleague.client.get(`/api/v1/deals/${t.deal.id}`))).toBe(200);
  });

  it('hands a deal at R2 to a closer of the team, who is notified; a setter of the team is refused', async () => {
    const t = await teamSale();
    await t.setter.client.post(`/api/v1/deals/${t.deal.id}/move`, { status: 'Role' });
    const refused = await t.setter.client.post(`/api/v1/deals/${t.deal.id}/handoff`, {
      closerId: t.colleague.user.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({ field: 'closerId' });
    // An outsider closer (not in the team, not on the offer) is refused too.
    const outsider = await t.setter.client.post(`/api/v1/deals/${t.deal.id}/handoff`, {
      closerId: t.outsider.user.id,
    });
    expect(outsider.statusCode).toBe(422);

    const res = await t.setter.client.post(`/api/v1/deals/${t.deal.id}/handoff`, {
      closerId: t.closer.user.id,
      note: 'Prête à signer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ownerId: t.closer.user.id, setterId: t.setter.user.id });
    // Its setter stays in the team: they work it as the team does, past R2 too.
    const seen = await t.setter.client.get(`/api/v1/deals/${t.deal.id}`);
    expect(seen.json()).toMatchObject({ viewerRole: 'team', canEdit: true });
    const moved = await t.setter.client.post(`/api/v1/deals/${t.deal.id}/move`, { status: 'Onboarding' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, t.closer.user.id), eq(notifications.type, 'deal_handoff')));
    expect(notice).toMatchObject({
      title: `Sofiane Setter vous confie le deal « ${t.deal.title} »`,
      body: 'Prête à signer',
      link: `/dashboard/sales/${t.deal.id}`,
      actorId: t.setter.user.id,
    });
    expect((await lastMailTo(ctx.app, t.closer.user.email))?.subject).toBe(
      `Un deal vous est confié : « ${t.deal.title} »`,
    );
  });

  it('tells the members live when a team deal moves', async () => {
    const t = await teamSale();
    const live = liveClient(baseUrl, t.colleague.client.cookies);
    try {
      const sub = live.subscription(`teams/${t.team.id}`);
      await sub.create();
      const told = nextMessage(sub);
      await t.setter.client.post(`/api/v1/deals/${t.deal.id}/move`, { status: 'Closing' });
      expect(await told).toEqual({
        type: 'team.changed',
        teamId: t.team.id,
        what: 'deals',
        dealId: t.deal.id,
      });
    } finally {
      live.close();
    }
  });

  it('tells both teams live when a deal moves to another team', async () => {
    const t = await teamSale();
    const second = (await t.setter.client.post('/api/v1/teams', { name: 'Équipe Deux' })).json() as Team;
    const left = liveClient(baseUrl, t.colleague.client.cookies);
    const joined = liveClient(baseUrl, t.setter.client.cookies);
    try {
      const leftSub = left.subscription(`teams/${t.team.id}`);
      const joinedSub = joined.subscription(`teams/${second.id}`);
      await Promise.all([leftSub.create(), joinedSub.create()]);
      const toldLeft = nextMessage(leftSub);
      const toldJoined = nextMessage(joinedSub);
      const res = await t.setter.client.put(`/api/v1/deals/${t.deal.id}`, {
        id: t.deal.id,
        teamId: second.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      const told = (teamId: number) => ({ type: 'team.changed', teamId, what: 'deals', dealId: t.deal.id });
      expect(await toldLeft).toEqual(told(t.team.id));
      expect(await toldJoined).toEqual(told(second.id));
    } finally {
      left.close();
      joined.close();
    }
  });
});

describe('GET /teams/{id}/stats', () => {
  it("sums the team's pipeline and each member's sales and commissions, to the cent", async () => {
    const t = await teamSale();
    await t.setter.client.post(`/api/v1/deals/${t.deal.id}/move`, { status: 'Role' });
    await t.setter.client.post(`/api/v1/deals/${t.deal.id}/handoff`, { closerId: t.closer.user.id });
    const won = await t.closer.client.post(`/api/v1/deals/${t.deal.id}/win`, { amount: 1234.5 });
    expect(won.statusCode, won.body).toBe(200);
    const second = await prospectOf(ctx.app, t.setter.user.id);
    await t.setter.client.post(
      '/api/v1/deals',
      dealBody(second.id, t.service.id, { teamId: t.team.id, status: 'Closing', probability: 10 }),
    );

    const res = await t.colleague.client.get(`/api/v1/teams/${t.team.id}/stats`);
    expect(res.statusCode).toBe(200);
    const stats = res.json() as TeamStats;
    expect(stats.pipeline.find((s) => s.status === 'Closing')).toEqual({
      status: 'Closing',
      count: 1,
      amountCents: 150_000,
      weightedCents: 15_000,
    });
    // 1 234,50 € × 20 % = 246,90 € of commission: 30 % to the setter, 70 % to the closer.
    const byName = Object.fromEntries(stats.members.map((m) => [m.user.fullName, m]));
    expect(byName['Camille Closer']).toMatchObject({
      wonDeals: 1,
      openDeals: 0,
      revenueCents: 123_450,
      commissionCents: 17_283,
    });
    expect(byName['Sofiane Setter']).toMatchObject({
      role: 'creator',
      wonDeals: 0,
      openDeals: 1,
      revenueCents: 0,
      commissionCents: 7_407,
    });
    expect(byName['Léa Collègue']).toMatchObject({ openDeals: 0, wonDeals: 0, commissionCents: 0 });
    expect(stats.totals).toEqual({
      openDeals: 1,
      wonDeals: 1,
      lostDeals: 0,
      revenueCents: 123_450,
      commissionCents: 24_690,
    });

    expect(await statusOf(t.outsider.client.get(`/api/v1/teams/${t.team.id}/stats`))).toBe(404);
    expect(await statusOf(ctx.app.inject({ method: 'GET', url: `/api/v1/teams/${t.team.id}/stats` }))).toBe(
      401,
    );
  });
});
