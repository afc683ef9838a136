/**
 * Statements prepared once per database handle. Drizzle builds a query's SQL text again on every
 * call (~1.5 ms for a join with `casing: 'snake_case'`); a query built once with `.prepare('name')`
 * and `sql.placeholder('x')` only binds its parameters. Each feature keeps its hot statements in
 * its own module:
 *
 * ```ts
 * const missionPage = preparedPerDatabase((db) =>
 *   db.select(…).from(missions).where(eq(missions.id, sql.placeholder('id'))).prepare('mission_page'),
 * );
 * const [row] = await missionPage(db).execute({ id });
 * ```
 *
 * On PostgreSQL postgres.js prepares the text once per connection; on PGlite the named statement
 * becomes a server-side prepared statement (db/pglite-driver.ts). The root database keeps its
 * statement for the life of the process; a transaction handle (`tx`) gets its own, built on first
 * use and dropped with the transaction (a WeakMap: nothing outlives the handle).
 */
import type { DbOrTx } from '../db/client';

export function preparedPerDatabase<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const byDatabase = new WeakMap<DbOrTx, Statement>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
