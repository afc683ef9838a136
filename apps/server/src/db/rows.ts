import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs raw SQL and answers its rows: `db.execute` answers `{ rows }` on PGlite and an array on
 * postgres.js (ARCHITECTURE "Known gotchas"), unwrapped here once.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}
