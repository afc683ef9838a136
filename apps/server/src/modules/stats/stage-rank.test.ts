/**
 * `deals.history_stage_rank`, the funnel's aggregate kept on write (migration 0014's trigger on
 * `deal_histories`): after every kind of write it equals the value recomputed from the history.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdDeal, dealBody, salesTeam } from '../../test/fixtures';
import { createTestApp, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

/** Every deal whose kept rank differs from its history's furthest stage (none expected). */
async function drifted(): Promise<unknown[]> {
  const result = await ctx.app.db.execute(sql`
    select d.id, d.history_stage_rank as kept, coalesce(max(array_position(
      array['Prospecting','Qualification','Closing','Role','Onboarding','FollowUp','Closed']::text[],
      h.to_value)), 0) as recomputed
    from deals d left join deal_histories h on h.deal_id = d.id and h.field = 'status'
    group by d.id having d.history_stage_rank <> coalesce(max(array_position(
      array['Prospecting','Qualification','Closing','Role','Onboarding','FollowUp','Closed']::text[],
      h.to_value)), 0)`);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

const rankOf = async (id: number): Promise<number> => {
  const result = await ctx.app.db.execute(sql`select history_stage_rank as r from deals where id = ${id}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { r: number }[];
  return Number(rows[0]?.r);
};

describe('the funnel rank kept on write', () => {
  it('equals the rank recomputed from the history after create, edit, move, win, lose, reopen, refund, handoff and delete', async () => {
    const t = await salesTeam(ctx.app);
    const s = t.setter.client;
    const body = (patch: Record<string, unknown> = {}) => dealBody(t.prospect.id, t.service.id, patch);

    const a = (await createdDeal(s, body({ status: 'Qualification' }))).id;
    expect(await rankOf(a)).toBe(2);
    expect((await s.post(`/api/v1/deals/${a}/move`, { status: 'Closing' })).statusCode).toBe(200);
    expect(await rankOf(a)).toBe(3);
    // Moving back keeps the furthest stage reached.
    expect((await s.post(`/api/v1/deals/${a}/move`, { status: 'Prospecting' })).statusCode).toBe(200);
    expect(await rankOf(a)).toBe(3);
    const edited = await s.put(`/api/v1/deals/${a}`, { id: a, status: 'Role' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await rankOf(a)).toBe(4);
    expect((await s.post(`/api/v1/deals/${a}/win`, {})).statusCode).toBe(200);
    expect(await rankOf(a)).toBe(7);
    const refunded = await s.post(`/api/v1/deals/${a}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await rankOf(a)).toBe(7);

    const b = (await createdDeal(s, body({ status: 'Role' }))).id;
    const handoff = await s.post(`/api/v1/deals/${b}/handoff`, { closerId: t.closer.user.id });
    expect(handoff.statusCode, handoff.body).toBe(200);
    expect(await rankOf(b)).toBe(4);
    const lost = await t.closer.client.post(`/api/v1/deals/${b}/lose`, { reason: 'Pas intéressé' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(await rankOf(b)).toBe(4);
    const reopened = await t.closer.client.post(`/api/v1/deals/${b}/reopen`, {});
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await rankOf(b)).toBe(4);

    const c = (await createdDeal(s, body({ status: 'FollowUp' }))).id;
    expect(await rankOf(c)).toBe(6);
    expect((await s.delete(`/api/v1/deals/${c}`)).statusCode).toBe(204);

    expect(await drifted()).toEqual([]);
  });

  it('keeps one rank per deal when many history rows arrive in one statement (bulk import)', async () => {
    const t = await salesTeam(ctx.app);
    const ids = await Promise.all(
      [0, 1, 2].map(
        async () => (await createdDeal(t.setter.client, dealBody(t.prospect.id, t.service.id))).id,
      ),
    );
    await ctx.app.db.execute(sql`
      insert into deal_histories (deal_id, user_id, field, from_value, to_value)
      select id, ${t.setter.user.id}, 'status', null, stage
      from unnest(${sql.raw(`array[${ids.join(',')}]`)}::int[]) as id,
        unnest(array['Closing', 'Lost', 'Onboarding']::text[]) as stage`);
    expect(await Promise.all(ids.map(rankOf))).toEqual([5, 5, 5]);
    expect(await drifted()).toEqual([]);
  });
});
