/**
 * Totals that are estimated rather than counted, when counting would read thousands of rows for a
 * number shown as "environ …": the planner's estimate of a query's rows (an EXPLAIN, nothing is
 * read), and the rounding that says it is one.
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';

/** The planner's estimate of how many rows `query` (a select) returns. */
export async function estimatedRows(db: DbOrTx, query: SQL): Promise<number> {
  const [row] = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = row ? Object.values(row)[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    | [{ Plan: { 'Plan Rows': number } }]
    | null;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** Two significant digits (an estimate does not pretend to more): 4,553 → 4,600. */
export const roughly = (n: number) => {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
};
