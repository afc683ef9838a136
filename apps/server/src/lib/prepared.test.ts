import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { preparedPerShape } from './prepared';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

describe('preparedPerShape', () => {
  it('prepares one statement per shape, named by its values and true flags, and binds each call’s values', async () => {
    const built: string[] = [];
    const doubled = preparedPerShape('try_shape', (db, shape: { kind: string; plus: boolean }, name) => {
      built.push(name);
      const plus = shape.plus ? sql` + 1` : sql``;
      return db
        .select({ n: sql<number>`(${sql.placeholder('n')}::int * 2${plus})::int` })
        .from(sql`(select 1) as one`)
        .prepare(name);
    });
    const run = async (shape: { kind: string; plus: boolean }, n: number) =>
      (await doubled(ctx.app.db, shape).execute({ n }))[0]?.n;

    expect(await run({ kind: 'a', plus: false }, 2)).toBe(4);
    expect(await run({ kind: 'a', plus: false }, 5)).toBe(10);
    expect(await run({ kind: 'a', plus: true }, 5)).toBe(11);
    expect(await run({ kind: 'b', plus: true }, 1)).toBe(3);
    expect(built).toEqual(['try_shape_a', 'try_shape_a_plus', 'try_shape_b_plus']);
  });
});
