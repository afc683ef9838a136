import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadInTiers } from './tiers';

/** Five rows in the first tier, seven in the second: every page is a slice of the two in order. */
const firstTier = ['a1', 'a2', 'a3', 'a4', 'a5'];
const secondTier = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'];

async function pageOf(limit: number, offset: number, tiers = [firstTier, secondTier]) {
  let counts = 0;
  const rows = await loadInTiers(
    sql`true`,
    sql`tier = 1`,
    { limit, offset },
    async () => {
      counts += 1;
      return tiers[0]!.length;
    },
    async (_where, n, skip, first) => (first ? tiers[0]! : tiers[1]!).slice(skip, skip + n),
  );
  return { rows, counts };
}

describe('loadInTiers', () => {
  it('pages through the first tier then the second, as one list', async () => {
    const all = [...firstTier, ...secondTier];
    for (const limit of [1, 2, 3, 4, 5, 20]) {
      for (let offset = 0; offset <= all.length + 2; offset++) {
        expect((await pageOf(limit, offset)).rows, `limit ${limit} offset ${offset}`).toEqual(
          all.slice(offset, offset + limit),
        );
      }
    }
  });

  it('counts the first tier only for a page that starts past it', async () => {
    expect((await pageOf(3, 0)).counts).toBe(0);
    expect((await pageOf(3, 4)).counts).toBe(0);
    expect((await pageOf(3, 5)).counts).toBe(1);
    expect((await pageOf(3, 9)).counts).toBe(1);
    // An empty first tier: the first page needs no count either.
    expect(await pageOf(3, 0, [[], secondTier])).toEqual({ rows: ['b1', 'b2', 'b3'], counts: 0 });
  });
});
