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

/**
 * Statements prepared once per shape of a query and per database, for a list whose filters come
 * and go: one statement per combination (a few dozen at most), each with its values bound, where
 * building the query on every call cost drizzle and PostgreSQL the most of the answer. The shape's
 * string values and its true flags name the statement (`webinar_list_upcoming_language_text`).
 *
 * ```ts
 * const page = preparedPerShape('webinar_list', (db, shape: { when: string; text: boolean }, name) =>
 *   db.select(…).where(shape.text ? … : undefined).prepare(name),
 * );
 * const rows = await page(db, { when: 'upcoming', text: true }).execute({ … });
 * ```
 */
export function preparedPerShape<Shape extends Record<string, string | boolean>, Statement>(
  prefix: string,
  build: (db: DbOrTx, shape: Shape, name: string) => Statement,
): (db: DbOrTx, shape: Shape) => Statement {
  const byName = new Map<string, (db: DbOrTx) => Statement>();
  return (db, shape) => {
    const parts = Object.entries(shape).flatMap(([key, value]) =>
      typeof value === 'string' ? [value] : value ? [key] : [],
    );
    const name = [prefix, ...parts].join('_');
    let prepared = byName.get(name);
    if (!prepared) {
      prepared = preparedPerDatabase((handle) => build(handle, shape, name));
      byName.set(name, prepared);
    }
    return prepared(db);
  };
}
