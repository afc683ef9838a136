import { planLimitNames, plans } from '@closia/shared';
import { asc, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, invoices, prospects, subscriptions, teams, users } from '../db/schema';
import { planOf } from '../lib/plan';
import { teamSeats, type UserLimit, usageOf } from '../lib/plan-usage';
import { createTestApp, TestClient, type TestContext } from '../test/helpers';
import { DEMO_SETTER_PROSPECTS } from './billing';
import { DEMO_PASSWORD, seed } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
  await seed(ctx.app.db, { demo: true });
});
afterAll(() => ctx.close());

const idOf = async (email: string) =>
  (await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('the demo plans', () => {
  it('puts the infopreneur on Pro with two paid invoices, the closer on Équipe, the setter on Gratuit', async () => {
    const infopreneur = await idOf('infopreneur@closia.fr');
    expect(await planOf(ctx.app.db, infopreneur)).toBe('pro');
    expect(await planOf(ctx.app.db, await idOf('closer@closia.fr'))).toBe('equipe');
    expect(await planOf(ctx.app.db, await idOf('setter@closia.fr'))).toBe('gratuit');
    expect(await planOf(ctx.app.db, await idOf('setter-closer@closia.fr'))).toBe('gratuit');

    const paid = await ctx.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, infopreneur))
      .orderBy(asc(invoices.paidAt));
    expect(paid).toHaveLength(2);
    for (const invoice of paid) {
      expect(invoice).toMatchObject({ planId: 'pro', amountHt: 2900, vatAmount: 580, amountTtc: 3480 });
    }
    const closer = await idOf('closer@closia.fr');
    const closerPaid = await ctx.app.db.select().from(invoices).where(eq(invoices.userId, closer));
    expect(closerPaid).toEqual([
      expect.objectContaining({ planId: 'equipe', amountHt: 7900, amountTtc: 9480 }),
    ]);
    // One numbering for all: no gap, no duplicate.
    const numbers = (await ctx.app.db.select({ number: invoices.number }).from(invoices)).map((i) =>
      Number(i.number.slice(-6)),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3]);
    // The current period holds now.
    const [sub] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, closer));
    expect(sub!.currentPeriodStart.getTime()).toBeLessThanOrEqual(Date.now());
    expect(sub!.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves the setter near the prospect limit: 90 of 100, each one a prospect a user could enter', async () => {
    const setter = await idOf('setter@closia.fr');
    expect(await usageOf(ctx.app.db, setter, 'prospects')).toBe(DEMO_SETTER_PROSPECTS);
    const client = new TestClient(ctx.app);
    await client.login('setter@closia.fr', DEMO_PASSWORD);
    const list = (await client.get('/api/v1/prospects?perPage=10')).json();
    expect(list.meta.total).toBe(90);
    const created = await client.post('/api/v1/prospects', { firstName: 'Nouveau', contactLinks: [] });
    expect(created.statusCode, created.body).toBe(201);
    await ctx.app.db.delete(prospects).where(eq(prospects.id, created.json().id));
  });

  it('fits every demo account’s data in its plan, the teams in their creators’ plans', async () => {
    const everyone = await ctx.app.db.select({ id: users.id, email: users.email }).from(users);
    const userLimits = planLimitNames.filter(
      (l): l is UserLimit => l !== 'teamMembers' && l !== 'sharedPipeline' && l !== 'paidWebinars',
    );
    for (const user of everyone) {
      const { limits } = plans[await planOf(ctx.app.db, user.id)];
      for (const limit of userLimits) {
        const max = limits[limit];
        if (max !== null)
          expect(await usageOf(ctx.app.db, user.id, limit), `${user.email} ${limit}`).toBeLessThanOrEqual(
            max,
          );
      }
    }
    const allTeams = await ctx.app.db.select().from(teams);
    for (const team of allTeams) {
      const { limits } = plans[await planOf(ctx.app.db, team.createdById!)];
      expect(await teamSeats(ctx.app.db, team.id), team.name).toBeLessThanOrEqual(limits.teamMembers!);
      const [shared] = await ctx.app.db.select({ n: count() }).from(deals).where(eq(deals.teamId, team.id));
      if (shared!.n > 0) expect(limits.sharedPipeline, team.name).toBe(1);
    }
    expect((await ctx.app.db.select().from(deals).where(isNotNull(deals.teamId))).length).toBeGreaterThan(0);
  });

  it('runs once: seeding again adds nothing', async () => {
    const before = (await ctx.app.db.select({ n: count() }).from(invoices))[0]!.n;
    await seed(ctx.app.db, { demo: true });
    expect((await ctx.app.db.select({ n: count() }).from(invoices))[0]!.n).toBe(before);
    expect(await usageOf(ctx.app.db, await idOf('setter@closia.fr'), 'prospects')).toBe(90);
  });
});
