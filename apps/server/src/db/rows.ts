import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs raw SQL and answers its rows: `db.execute` answers `{ rows }` on PGlite and an array on
 * postgres.js (ARCHITECTURE "Known gotchas"), unwrapped here once.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Runs `work` in a transaction where PostgreSQL may not read a table whole (`enable_seqscan` off
 * until its end): for the lists searched by text, where the planner misjudges a word's matches and
 * tests the query on every row — a sequential scan of `articles` decompresses each long vector
 * (20–129 ms at 5,000), where the GIN index finds the same rows in 4–10 ms (ADR 023). Only for
 * statements that always have an index to use. It costs a transaction (three more statements): a
 * webinars tab's count gained as much (19–20 → 1–4 ms) as its page and the transaction lost, so
 * only the article lists use it. On a transaction already open, the setting lasts until that one ends.
 */
export function withoutSeqScans<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}
