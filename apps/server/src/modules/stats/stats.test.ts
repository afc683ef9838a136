import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, prospectActivities } from '../../db/schema';
import { createdDeal, dayFromToday, dealBody, salesTeam } from '../../test/fixtures';
import { createTestApp, TestClient, type TestContext } from '../../test/helpers';
import { addMonths, today } from '../deals/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

const team = () => salesTeam(ctx.app);

const create = async (client: TestClient, body: Record<string, unknown>): Promise<number> =>
  (await createdDeal(client, body)).id;

const DAY_MS = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('GET /stats/forecast', () => {
  it('sums my weighted share of the commissions expected within 30, 60 and 90 days, and lists the deals to follow up', async () => {
    const t = await team();
    const s = t.setter.client;
    const p = t.prospect.id;
    const svc = t.service.id;
    const f1 = await create(
      s,
      dealBody(p, svc, { status: 'Closing', probability: 50, expectedCloseDate: dayFromToday(10) }),
    );
    const f2 = await create(
      s,
      dealBody(p, svc, { status: 'Role', probability: 80, expectedCloseDate: dayFromToday(45) }),
    );
    await s.post(`/api/v1/deals/${f2}/handoff`, { closerId: t.closer.user.id });
    const f3 = await create(
      s,
      dealBody(p, svc, { status: 'Prospecting', probability: null, expectedCloseDate: dayFromToday(80) }),
    );
    const f4 = await create(
      s,
      dealBody(p, svc, { status: 'Qualification', probability: 20, expectedCloseDate: dayFromToday(-5) }),
    );
    await create(
      s,
      dealBody(p, svc, { status: 'Onboarding', probability: 90, expectedCloseDate: dayFromToday(200) }),
    );
    const won = await create(
      s,
      dealBody(p, svc, { status: 'Closing', probability: 90, expectedCloseDate: dayFromToday(3) }),
    );
    await s.post(`/api/v1/deals/${won}/win`, {});
    await ctx.app.db
      .update(deals)
      .set({ stageChangedAt: daysAgo(8) })
      .where(eq(deals.id, f1));
    await ctx.app.db
      .update(deals)
      .set({ stageChangedAt: daysAgo(13) })
      .where(eq(deals.id, f3));
    await ctx.app.db
      .update(deals)
      .set({ stageChangedAt: daysAgo(20) })
      .where(eq(deals.id, f4));

    const res = await s.get('/api/v1/stats/forecast');
    expect(res.statusCode, res.body).toBe(200);
    const forecast = res.json();
    // Commission 30 000 cents a deal. f1 alone: 50 % → 15 000; f4 (overdue, still expected): 20 % → 6 000;
    // f2 handed off: my setter share 30 % × 80 % → 7 200; f3 has no probability; the 200-day deal is beyond.
    expect(forecast.horizons).toEqual([
      { days: 30, dealCount: 2, weightedCommissionCents: 21_000 },
      { days: 60, dealCount: 3, weightedCommissionCents: 28_200 },
      { days: 90, dealCount: 4, weightedCommissionCents: 28_200 },
    ]);
    // Per-stage thresholds: Qualification 10 days, Closing 7, Prospecting 14 (13 days is not yet).
    expect(forecast.stale).toEqual([
      {
        id: f4,
        title: 'Vente formation immobilier',
        status: 'Qualification',
        daysInStage: 20,
        thresholdDays: 10,
        expectedCloseDate: dayFromToday(-5),
        prospect: { id: p, fullName: `Julien ${t.prospect.lastName}` },
      },
      expect.objectContaining({ id: f1, status: 'Closing', daysInStage: 8, thresholdDays: 7 }),
    ]);
    const fortnight = (await s.get('/api/v1/stats/forecast?staleDays=14')).json().stale;
    expect(fortnight.map((d: { id: number; thresholdDays: number }) => [d.id, d.thresholdDays])).toEqual([
      [f4, 14],
    ]);

    // The closer's side of f2: 70 % × 80 % of 30 000.
    const closer = (await t.closer.client.get('/api/v1/stats/forecast')).json();
    expect(closer.horizons).toEqual([
      { days: 30, dealCount: 0, weightedCommissionCents: 0 },
      { days: 60, dealCount: 1, weightedCommissionCents: 16_800 },
      { days: 90, dealCount: 1, weightedCommissionCents: 16_800 },
    ]);

    for (const bad of ['0', '366', 'abc', '1.5']) {
      const r = await s.get(`/api/v1/stats/forecast?staleDays=${bad}`);
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().errors[0].field).toBe('staleDays');
    }
    expect((await new TestClient(ctx.app).get('/api/v1/stats/forecast')).statusCode).toBe(401);
  });
});

describe('GET /stats', () => {
  it('answers a freelancer stages, the funnel, revenue, commissions, activities and the cycle length', async () => {
    const t = await team();
    const s = t.setter.client;
    const p = t.prospect.id;
    const svc = t.service.id;
    const d1 = await create(s, dealBody(p, svc, { status: 'Prospecting' }));
    for (const status of ['Qualification', 'Closing']) await s.post(`/api/v1/deals/${d1}/move`, { status });
    await ctx.app.db
      .update(deals)
      .set({ createdAt: daysAgo(10) })
      .where(eq(deals.id, d1));
    await s.post(`/api/v1/deals/${d1}/win`, {});
    const d2 = await create(s, dealBody(p, svc, { status: 'Prospecting' }));
    await s.post(`/api/v1/deals/${d2}/move`, { status: 'Qualification' });
    await s.post(`/api/v1/deals/${d2}/lose`, { reason: 'Pas de budget' });
    await create(s, dealBody(p, svc, { status: 'Prospecting' }));
    await create(s, dealBody(p, svc, { status: 'Closing' }));
    const d5 = await create(s, dealBody(p, svc, { status: 'Role' }));
    await ctx.app.db
      .update(deals)
      .set({ createdAt: daysAgo(4) })
      .where(eq(deals.id, d5));
    await s.post(`/api/v1/deals/${d5}/handoff`, { closerId: t.closer.user.id });
    await t.closer.client.post(`/api/v1/deals/${d5}/win`, { amount: 1000 });
    await ctx.app.db.insert(prospectActivities).values([
      { prospectId: p, userId: t.setter.user.id, title: 'Appel', dueAt: new Date(), doneAt: new Date() },
      { prospectId: p, userId: t.setter.user.id, title: 'Relance', dueAt: new Date(), doneAt: daysAgo(1) },
      { prospectId: p, userId: t.setter.user.id, title: 'À faire', dueAt: new Date() },
      { prospectId: p, userId: t.closer.user.id, title: 'Closing', dueAt: new Date(), doneAt: new Date() },
    ]);

    const res = await s.get('/api/v1/stats');
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    expect(stats.role).toBe('freelancer');
    expect(stats.to).toBe(today());
    expect(stats.from).toBe(addMonths(`${today().slice(0, 7)}-01`, -11));
    expect(stats.months).toHaveLength(12);
    expect(stats.dealsByStage).toEqual([
      { status: 'Prospecting', count: 1 },
      { status: 'Qualification', count: 0 },
      { status: 'Closing', count: 1 },
      { status: 'Role', count: 0 },
      { status: 'Onboarding', count: 0 },
      { status: 'FollowUp', count: 0 },
      { status: 'Closed', count: 2 },
      { status: 'Lost', count: 1 },
    ]);
    // Reached: d1 and d5 → Closed, d4 → Closing, d2 → Qualification, d3 → Prospecting.
    expect(stats.conversion.stages).toEqual([
      { from: 'Prospecting', to: 'Qualification', reached: 5, advanced: 4, rate: 0.8 },
      { from: 'Qualification', to: 'Closing', reached: 4, advanced: 3, rate: 0.75 },
      { from: 'Closing', to: 'Role', reached: 3, advanced: 2, rate: 0.6667 },
      { from: 'Role', to: 'Onboarding', reached: 2, advanced: 2, rate: 1 },
      { from: 'Onboarding', to: 'FollowUp', reached: 2, advanced: 2, rate: 1 },
      { from: 'FollowUp', to: 'Closed', reached: 2, advanced: 2, rate: 1 },
    ]);
    expect(stats.conversion.overall).toEqual({ won: 2, lost: 1, rate: 0.6667 });
    // Revenue of both sales; my commissions: 30 000 alone on d1, 30 % of 20 000 as d5's setter.
    expect(stats.months.at(-1)).toMatchObject({
      month: today().slice(0, 7),
      wonCount: 2,
      revenueCents: 250_000,
      commissionCents: 36_000,
    });
    expect(stats.totals).toEqual({
      wonCount: 2,
      revenueCents: 250_000,
      commissionCents: 36_000,
      activitiesDone: 2,
    });
    expect(stats.averageCycleDays).toBe(7);
    expect(stats.byService).toBeUndefined();

    const owner = (await t.client.get('/api/v1/stats')).json();
    expect(owner.role).toBe('infopreneur');
    expect(owner.totals).toMatchObject({ wonCount: 2, revenueCents: 250_000, commissionCents: 50_000 });
    expect(owner.byService).toEqual([
      {
        service: { id: svc, name: 'Investir dans l’immobilier locatif' },
        wonCount: 2,
        revenueCents: 250_000,
        commissionCents: 50_000,
      },
    ]);
    expect(owner.byFreelancer).toEqual([
      {
        freelancer: { id: t.setter.user.id, fullName: 'Sofiane Setter' },
        wonCount: 2,
        revenueCents: 250_000,
        commissionCents: 36_000,
      },
      {
        freelancer: { id: t.closer.user.id, fullName: 'Camille Closer' },
        wonCount: 1,
        revenueCents: 100_000,
        commissionCents: 14_000,
      },
    ]);

    // A refund takes the sale out of the revenue and nets its commissions to zero.
    await t.closer.client.post(`/api/v1/deals/${d5}/refund`);
    expect((await s.get('/api/v1/stats')).json().totals).toMatchObject({
      wonCount: 1,
      revenueCents: 150_000,
      commissionCents: 30_000,
    });

    // A period without these deals.
    const past = (await s.get('/api/v1/stats?from=2020-01-01&to=2020-03-31')).json();
    expect(past.months.map((m: { month: string }) => m.month)).toEqual(['2020-01', '2020-02', '2020-03']);
    expect(past.totals).toEqual({ wonCount: 0, revenueCents: 0, commissionCents: 0, activitiesDone: 0 });
    expect(past.conversion.overall).toEqual({ won: 0, lost: 0, rate: null });
    expect(past.averageCycleDays).toBeNull();
  });

  it('checks the period', async () => {
    const t = await team();
    const get = (query: string) => t.setter.client.get(`/api/v1/stats?${query}`);
    expect((await get('from=2026-03-01&to=2026-02-01')).json()).toEqual({
      code: 'E_VALIDATION_ERROR',
      message: 'Validation failure',
      errors: [
        {
          field: 'to',
          rule: 'afterOrEqual',
          message: 'The to field must be a date after or equal to from',
          meta: { otherField: 'from' },
        },
      ],
    });
    expect((await get('from=2015-01-01&to=2026-01-01')).json().errors[0]).toMatchObject({
      field: 'to',
      rule: 'dateSpan',
      message: 'The to field must be at most 1830 days after from',
    });
    expect((await get('from=2026-02-30')).json().errors[0]).toMatchObject({ field: 'from', rule: 'date' });
    expect((await get('from=2026-01-01&to=2026-01-01')).statusCode).toBe(200);
    expect((await new TestClient(ctx.app).get('/api/v1/stats')).statusCode).toBe(401);
  });
});

describe('the kept answers (lib/crm-cache.ts)', () => {
  it('shows every write at once, to the writer and to the others it concerns', async () => {
    const t = await team();
    const stats = async (client: TestClient) => (await client.get('/api/v1/stats')).json();
    const pipeline = async () => (await t.setter.client.get('/api/v1/pipeline')).json();

    const before = await stats(t.client);
    expect((await pipeline()).totals.count).toBe(0);
    const id = await create(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
    expect((await pipeline()).totals.count).toBe(1);
    await t.setter.client.post(`/api/v1/deals/${id}/handoff`, { closerId: t.closer.user.id });
    const won = await t.closer.client.post(`/api/v1/deals/${id}/win`, {});
    expect(won.statusCode, won.body).toBe(200);
    // The infopreneur's figures (asked before the sale) count it at once.
    const after = await stats(t.client);
    expect(after).not.toEqual(before);
    expect(JSON.stringify(after)).toContain('"wonCount":1');
    expect((await pipeline()).totals.count).toBe(0);
  });

  it('lists at most staleLimit deals to follow up, and counts them all', async () => {
    const t = await team();
    for (let i = 0; i < 3; i++) {
      await create(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Prospecting' }));
    }
    await ctx.app.db
      .update(deals)
      .set({ stageChangedAt: daysAgo(40) })
      .where(eq(deals.ownerId, t.setter.user.id));
    // The rows above were changed behind the API's back: a write through it makes them count.
    await t.setter.client.post('/api/v1/deals', dealBody(t.prospect.id, t.service.id));
    const res = await t.setter.client.get('/api/v1/stats/forecast?staleLimit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().stale).toHaveLength(2);
    expect(res.json().staleTotal).toBe(3);
    expect((await t.setter.client.get('/api/v1/stats/forecast?staleLimit=0')).statusCode).toBe(422);
  });
});
