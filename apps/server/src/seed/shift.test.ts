import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';
import { seed } from './index';
import {
  dateColumns,
  datedColumnsWithRows,
  FIXED_DATE_COLUMNS,
  RELATIVE_DATE_COLUMNS,
  shiftDemoDates,
} from './shift';

// The build bakes the demo into a template; a data directory created from it weeks later moves the
// demo's dates to its first start. It must then read as a demo seeded at that start would.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let baked: TestContext;
let fresh: TestContext;
let bakedAt: Date;
let firstStart: Date;
/** What the build records in the demo template's manifest, computed before the shift. */
let recorded: Awaited<ReturnType<typeof datedColumnsWithRows>>;

beforeAll(async () => {
  [baked, fresh] = await Promise.all([createTestApp(), createTestApp()]);
  bakedAt = new Date();
  await seed(baked.app.db, { demo: true, now: bakedAt });
  // Five weeks and a bit later, at another hour of the day.
  firstStart = new Date(bakedAt.getTime() + 38 * DAY + 317 * MINUTE);
  // As a first start does: only the columns the build recorded.
  recorded = await datedColumnsWithRows(baked.database.rows);
  await shiftDemoDates(baked.database, bakedAt, firstStart, recorded);
  await seed(fresh.app.db, { demo: true, now: firstStart });
}, 120_000);
afterAll(async () => {
  await baked?.close();
  await fresh?.close();
});

const time = (value: unknown) => (value === null ? null : new Date(value as string | Date).getTime());

describe('the demo baked at build time, moved to its first start', () => {
  it('knows every date column: relative to the demo, or a fixed date', async () => {
    const dates = (await dateColumns(baked.database.rows))
      .filter((c) => c.type === 'date')
      .map((c) => `${c.table}.${c.column}`);
    expect(dates.sort()).toEqual([...RELATIVE_DATE_COLUMNS, ...FIXED_DATE_COLUMNS].sort());
  });

  it('holds the same rows as a demo seeded at that start, every date where that one has it', async () => {
    const columns = await dateColumns(baked.database.rows);
    const tables = [...new Set(columns.map((c) => c.table))];
    let compared = 0;
    for (const table of tables) {
      const dates = columns.filter((c) => c.table === table).map((c) => c.column);
      // Content without the dates (and the salted password hashes) identifies a row. An invoice's
      // number keeps the year it was issued in (the build's), as a number once given must.
      const key = (row: Record<string, unknown>) =>
        JSON.stringify(
          Object.entries(row).filter(
            ([name]) =>
              !dates.includes(name) &&
              name !== 'password_hash' &&
              name !== 'join_token' &&
              !(table === 'invoices' && name === 'number'),
          ),
        );
      const read = async (context: TestContext) =>
        (await context.database.rows<Record<string, unknown>>(`select * from "${table}"`)).sort((a, b) =>
          key(a).localeCompare(key(b)),
        );
      const [a, b] = [await read(baked), await read(fresh)];
      expect(a.map(key), table).toEqual(b.map(key));
      for (const [i, row] of a.entries()) {
        for (const column of dates) {
          const [moved, seeded] = [time(row[column]), time(b[i]![column])];
          const what = `${table}.${column} of ${key(row).slice(0, 80)}`;
          if (moved === null || seeded === null) {
            expect(moved, what).toBe(seeded);
            continue;
          }
          compared++;
          // Commission instalments fall months after the win: moved by days, they may differ by
          // the months' lengths.
          // A webinar lead's activity falls the day after the webinar, which moves by whole days.
          const tolerance =
            table === 'commission_lines'
              ? 4 * DAY
              : /webinaire/i.test(key(row)) && /^(next_activity_at|due_at)$/.test(column)
                ? DAY
                : 2 * MINUTE;
          // A date the database's clock stamped (a `created_at` default): now, in both.
          const byClock =
            Math.abs(seeded - bakedAt.getTime()) < 5 * MINUTE &&
            Math.abs(moved - firstStart.getTime()) < 5 * MINUTE;
          if (!byClock) expect(Math.abs(moved - seeded), what).toBeLessThanOrEqual(tolerance);
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('records the date columns of every table that holds a row, and of no other', async () => {
    const all = await dateColumns(baked.database.rows);
    const tables = [...new Set(all.map((c) => c.table))];
    const withRows: string[] = [];
    for (const table of tables) {
      const [row] = await baked.database.rows<{ n: number }>(`select count(*)::int as n from "${table}"`);
      if (row!.n > 0) withRows.push(table);
    }
    expect(withRows.length).toBeGreaterThan(10);
    expect(withRows.length).toBeLessThan(tables.length); // the demo leaves some tables empty
    expect(recorded).toEqual(all.filter((c) => withRows.includes(c.table)));
  });

  it('keeps a fixed date fixed: a career start', async () => {
    const [row] = await baked.database.rows<{ experience: unknown }>(
      `select p.experience from profiles p join users u on u.id = p.user_id where u.email = 'closer@closia.fr'`,
    );
    expect(String(row!.experience)).toMatch(/^2020-09-01|Sep 01 2020/);
  });
});
