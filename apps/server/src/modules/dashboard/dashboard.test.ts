import { dashboardTodaySchema } from '@closia/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, services } from '../../db/schema';
import { dayWindows, parisDate } from '../../lib/paris-time';
import { acceptedOn, dealBody, offerWithMissions, prospectOf } from '../../test/fixtures';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { weekOf } from './dashboard.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

const DAY_MS = 24 * 3600_000;
const URL = '/api/v1/dashboard/today';

/** An offer, a setter accepted on its setter mission with a prospect, and another freelancer. */
async function scene() {
  const offer = await offerWithMissions(ctx.app);
  const setter = await acceptedOn(ctx.app, offer.setterMission.id, 'setter', {
    firstName: 'Sofiane',
    lastName: 'Setter',
  });
  const prospect = await prospectOf(ctx.app, setter.user.id, { firstName: 'Julien', lastName: 'Lambert' });
  return { ...offer, setter, prospect };
}

async function ok(client: TestClient, method: 'post' | 'put', url: string, body: Record<string, unknown>) {
  const res = await client[method](url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

describe('GET /api/v1/dashboard/today', () => {
  it('weekOf gives the Monday and the Sunday of a day’s week', () => {
    expect(weekOf('2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
  });

  it("a freelancer's day: overdue and today's activities, deals closing this week, commissions due to them", async () => {
    const t = await scene();
    const s = t.setter.client;
    const now = Date.now();
    const { tomorrowStart } = dayWindows(new Date(now));
    const laterToday = new Date(now + Math.min(3600_000, (tomorrowStart.getTime() - now) / 2));
    const activity = (title: string, dueAt: Date) =>
      ok(s, 'post', `/api/v1/prospects/${t.prospect.id}/activities`, { title, dueAt: dueAt.toISOString() });
    const late = await activity('Relancer par téléphone', new Date(now - 2 * DAY_MS));
    await activity('Appel de découverte', laterToday);
    await activity('Envoyer le programme', new Date(tomorrowStart.getTime() + 2 * DAY_MS));
    const done = await activity('Message LinkedIn', new Date(now - 3 * DAY_MS));
    await ok(s, 'put', `/api/v1/activities/${done.id}`, { done: true });

    const today = parisDate(new Date(now));
    const week = weekOf(today);
    const nextWeek = new Date(Date.parse(`${week.to}T12:00:00Z`) + 2 * DAY_MS).toISOString().slice(0, 10);
    const deal = (title: string, expectedCloseDate: string, status = 'Closing') =>
      ok(
        s,
        'post',
        '/api/v1/deals',
        dealBody(t.prospect.id, t.service.id, { title, expectedCloseDate, status, probability: 60 }),
      );
    const closing = await deal('Julien – LMNP', today, 'Role');
    await deal('Julien – plus tard', nextWeek);
    const won = await deal('Julien – gagnée', today);
    await ok(s, 'post', `/api/v1/deals/${won.id}/win`, { instalments: 2 });

    // Someone else's rows never show.
    const other = await signedInClient(ctx.app, { kind: 'closer' });
    const theirs = await prospectOf(ctx.app, other.user.id);
    await ok(other.client, 'post', `/api/v1/prospects/${theirs.id}/activities`, {
      title: 'Pas la mienne',
      dueAt: new Date(now - DAY_MS).toISOString(),
    });

    const res = await s.get(URL);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(dashboardTodaySchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      role: 'freelancer',
      today,
      activities: {
        total: 2,
        overdue: 1,
        dueToday: 1,
        items: [
          {
            id: late.id,
            title: 'Relancer par téléphone',
            overdue: true,
            prospect: { id: t.prospect.id, fullName: 'Julien Lambert' },
          },
          { title: 'Appel de découverte', overdue: false },
        ],
      },
      closingDeals: {
        ...week,
        total: 1,
        items: [
          {
            id: closing.id,
            title: 'Julien – LMNP',
            status: 'Role',
            expectedCloseDate: today,
            valueCents: 150_000,
            probability: 60,
            prospect: { id: t.prospect.id, fullName: 'Julien Lambert' },
          },
        ],
      },
      // 1 500 € × 20 % in two instalments: the first is due today, the second next month.
      commissions: {
        total: 1,
        amountCents: 15_000,
        items: [
          {
            dealId: won.id,
            dealTitle: 'Julien – gagnée',
            amountCents: 15_000,
            instalment: 1,
            instalments: 2,
            person: { id: t.infopreneur.id, fullName: 'Inès Formatrice' },
          },
        ],
      },
    });

    // The same day for the infopreneur: what they owe for that sale.
    const owed = (await t.client.get(URL)).json();
    expect(owed.role).toBe('infopreneur');
    expect(owed.commissions).toMatchObject({
      total: 1,
      amountCents: 15_000,
      items: [{ dealId: won.id, person: { id: t.setter.user.id, fullName: 'Sofiane Setter' } }],
    });

    // Nothing to do: empty lists, not an error.
    const idle = await signedInClient(ctx.app, { kind: 'setter_closer' });
    expect((await idle.client.get(URL)).json()).toMatchObject({
      role: 'freelancer',
      activities: { total: 0, overdue: 0, dueToday: 0, items: [] },
      closingDeals: { total: 0, items: [] },
      commissions: { total: 0, amountCents: 0, items: [] },
    });
  });

  it("an infopreneur's day: applications waiting for their decision, offers under review", async () => {
    const t = await scene();
    const applicant = await signedInClient(ctx.app, {
      kind: 'closer',
      firstName: 'Karim',
      lastName: 'Haddad',
    });
    const declined = await signedInClient(ctx.app, { kind: 'closer' });
    const [pending] = await ctx.app.db
      .insert(applications)
      .values([
        { missionId: t.closerMission.id, userId: applicant.user.id, status: 'pending' },
        { missionId: t.closerMission.id, userId: declined.user.id, status: 'declined' },
      ])
      .returning({ id: applications.id });
    const [review] = await ctx.app.db
      .insert(services)
      .values({
        infopreneurId: t.infopreneur.id,
        name: 'Bourse : les bases',
        description: 'Comprendre les marchés et investir pas à pas.',
        price: 900,
        commissionRate: 15,
        financingMethods: ['cash'],
        link: 'https://www.exemple.fr/bourse',
        duration: 12,
        locationType: 'online',
        validationStatus: 'pending_review',
      })
      .returning({ id: services.id });
    // Another infopreneur's pending application is not theirs to decide.
    const stranger = await offerWithMissions(ctx.app);
    await ctx.app.db
      .insert(applications)
      .values({ missionId: stranger.closerMission.id, userId: applicant.user.id, status: 'pending' });

    const body = (await t.client.get(URL)).json();
    expect(dashboardTodaySchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      role: 'infopreneur',
      applications: {
        total: 1,
        items: [
          {
            id: pending!.id,
            missionId: t.closerMission.id,
            missionTitle: 'Closer immobilier',
            applicant: { id: applicant.user.id, fullName: 'Karim Haddad' },
          },
        ],
      },
      reviews: { total: 1, items: [{ id: review!.id, name: 'Bourse : les bases' }] },
      commissions: { total: 0, amountCents: 0, items: [] },
    });
  });

  it('anonymous: 401', async () => {
    const res = await new TestClient(ctx.app).get(URL);
    expect(res.statusCode).toBe(401);
  });
});
