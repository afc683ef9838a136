import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import type { DbOrTx } from './client';
import { rowsOf, withoutSeqScans } from './rows';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

const seqScans = async (db: DbOrTx) =>
  (await rowsOf<{ enable_seqscan: string }>(db, sql`show enable_seqscan`))[0]?.enable_seqscan;

describe('withoutSeqScans', () => {
  it('turns sequential scans off for its own statements only, and answers what the work answers', async () => {
    const inside = await withoutSeqScans(ctx.app.db, async (tx) => [await seqScans(tx), 42]);
    expect(inside).toEqual(['off', 42]);
    // The pooled connection (PGlite's only one) is back to the default for every later statement.
    for (let i = 0; i < 5; i++) expect(await seqScans(ctx.app.db)).toBe('on');
  });

  it('ends its transaction when the work fails, and the setting with it', async () => {
    await expect(
      withoutSeqScans(ctx.app.db, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await seqScans(ctx.app.db)).toBe('on');
  });
});
