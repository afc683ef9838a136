/**
 * The CRM's kept answers (lib/crm-cache.ts, ADR 012) are forgotten per user: a write forgets the
 * answers of the users it concerns — the deal's owner, setter and offer's infopreneur, the closer
 * it is handed to, a prospect's or activity's writer — and every other user keeps theirs. Each
 * case changes rows behind the API's back (no invalidation) and looks at who sees the change.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { deals } from '../../db/schema';
import { createdDeal, dealBody, salesTeam } from '../../test/fixtures';
import { createTestApp, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

const weighted = async (client: TestClient) => {
  const res = await client.get('/api/v1/pipeline');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().totals.weightedCents as number;
};
/** Deals created in the last twelve months (on my offers, for an infopreneur). */
const created = async (client: TestClient) => {
  const res = await client.get('/api/v1/stats');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().dealsByStage as { count: number }[]).reduce((n, s) => n + s.count, 0);
};
const expected = async (client: TestClient) => {
  const res = await client.get('/api/v1/stats/forecast');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().horizons[2].dealCount as number;
};

/** Two sellers on two offers, each with an open deal at 40 %. */
async function twoSellers() {
  const a = await salesTeam(ctx.app);
  const b = await salesTeam(ctx.app);
  const dealA = (
    await createdDeal(a.setter.client, dealBody(a.prospect.id, a.service.id, { status: 'Role' }))
  ).id;
  const dealB = (await createdDeal(b.setter.client, dealBody(b.prospect.id, b.service.id))).id;
  /** Both deals at 90 %, behind the API's back: no kept answer is forgotten. */
  const raiseBoth = () =>
    ctx.app.db
      .update(deals)
      .set({ probability: 90 })
      .where(inArray(deals.id, [dealA, dealB]));
  return { a, b, dealA, dealB, raiseBoth };
}

describe('kept CRM answers, per user', () => {
  it("a seller's deal write forgets their answers and their offer's infopreneur's, and keeps another seller's", async () => {
    const { a, b, raiseBoth } = await twoSellers();
    const keptA = await weighted(a.setter.client);
    const keptB = await weighted(b.setter.client);
    expect(await created(a.client)).toBe(1);
    expect(keptA).toBe(60_000); // 40 % of 1,500 €
    await raiseBoth();
    expect(await weighted(a.setter.client)).toBe(keptA);

    // A writes: a new deal (Prospecting, no probability: weighs nothing).
    await createdDeal(a.setter.client, dealBody(a.prospect.id, a.service.id, { probability: null }));
    expect(await weighted(a.setter.client)).toBe(135_000); // 90 % now shows
    expect(await created(a.client)).toBe(2); // the offer's infopreneur sees it too
    expect(await weighted(b.setter.client)).toBe(keptB); // B keeps theirs

    // B's own write forgets B's.
    const prospect = await b.setter.client.post('/api/v1/prospects', {
      firstName: 'Lucie',
      lastName: 'Martin',
    });
    expect(prospect.statusCode, prospect.body).toBe(201);
    expect(await weighted(b.setter.client)).toBe(135_000);
  });

  it('a handoff forgets the closer’s answers; a refused write forgets nothing', async () => {
    const { a, b, dealA, raiseBoth } = await twoSellers();
    const closerBefore = await expected(a.closer.client);
    const keptB = await weighted(b.setter.client);
    expect(closerBefore).toBe(0);
    const handoff = await a.setter.client.post(`/api/v1/deals/${dealA}/handoff`, {
      closerId: a.closer.user.id,
    });
    expect(handoff.statusCode, handoff.body).toBe(200);
    expect(await expected(a.closer.client)).toBe(1);

    // B asks to move A's deal: 404, and B's kept answer stays.
    await raiseBoth();
    expect(
      (await b.setter.client.post(`/api/v1/deals/${dealA}/move`, { status: 'Closing' })).statusCode,
    ).toBe(404);
    expect(await weighted(b.setter.client)).toBe(keptB);
  });
});

/** Two instances on one database and one Redis: a write on one forgets the same answers on the other. */
describe.skipIf(!process.env.REDIS_URL)('kept CRM answers across instances (Redis pub/sub)', () => {
  it("forgets the writer's answers on the other instance and keeps the others'", async () => {
    const config = testConfig({ redisUrl: process.env.REDIS_URL, redisPrefix: ctx.app.config.redisPrefix });
    const second = await buildApp(config, { database: { ...ctx.database, close: async () => {} } });
    await second.ready();
    try {
      const { a, b, raiseBoth } = await twoSellers();
      const onSecond = async (client: TestClient) => {
        const other = new TestClient(second, client.ip);
        Object.assign(other.cookies, client.cookies);
        return weighted(other);
      };
      const keptA = await onSecond(a.setter.client);
      const keptB = await onSecond(b.setter.client);
      await raiseBoth();
      await createdDeal(a.setter.client, dealBody(a.prospect.id, a.service.id, { probability: null }));
      expect(await onSecond(a.setter.client)).not.toBe(keptA);
      expect(await onSecond(b.setter.client)).toBe(keptB);
    } finally {
      await second.close();
    }
  });
});
