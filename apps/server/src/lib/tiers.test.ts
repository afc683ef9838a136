import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { loadInTiers } from './tiers';

const dialect = new PgDialect();

/** Rows 1…first in the first tier, first+1…first+rest in the second; each call recorded. */
function tiers(first: number, rest: number) {
  const rows = { first: Array.from({ length: first }, (_, i) => i + 1), rest: [] as number[] };
  rows.rest = Array.from({ length: rest }, (_, i) => first + i + 1);
  const calls: string[] = [];
  const tierOf = (where: SQL) => (dialect.sqlToQuery(where).sql.includes('not') ? 'rest' : 'first');
  return {
    calls,
    page: (limit: number, offset: number) =>
      loadInTiers(
        sql`listed`,
        sql`shares_a_sector`,
        { limit, offset },
        async (where) => {
          calls.push(`count ${tierOf(where)}`);
          return rows[tierOf(where)].length;
        },
        async (where, l, o) => {
          calls.push(`load ${tierOf(where)}`);
          return rows[tierOf(where)].slice(o, o + l);
        },
      ),
  };
}

describe('loadInTiers', () => {
  it('reads a page inside the first tier without counting it', async () => {
    const t = tiers(30, 50);
    expect(await t.page(20, 0)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(t.calls).toEqual(['load first']);
  });

  it('goes on with the second tier where the first ends, from the short page alone', async () => {
    const t = tiers(30, 50);
    expect(await t.page(20, 20)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
    expect(t.calls).toEqual(['load first', 'load rest']);
  });

  it('counts the first tier only for a page past its end', async () => {
    const t = tiers(30, 50);
    expect(await t.page(20, 60)).toEqual(Array.from({ length: 20 }, (_, i) => i + 61));
    expect(t.calls).toEqual(['load first', 'count first', 'load rest']);
    expect(await tiers(30, 50).page(20, 80)).toEqual([]);
  });
});
