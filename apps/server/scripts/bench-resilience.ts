/**
 * What the outage wrapper (db/resilience.ts) costs per query: the same drizzle select through the
 * bare postgres.js pool and through the wrapper, alternated over rounds on one PostgreSQL.
 *   DATABASE_URL=postgres://… npx tsx apps/server/scripts/bench-resilience.ts
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { resilientPostgres } from '../src/db/resilience';
import * as schema from '../src/db/schema';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pool = postgres(url, { max: 4, onnotice: () => {} });
const { sql: wrapped, health } = resilientPostgres(pool, () => postgres(url, { max: 1, fetch_types: false }));
const bare = drizzle(pool, { schema, casing: 'snake_case' });
const safe = drizzle(wrapped, { schema, casing: 'snake_case' });

const N = 2000;
async function run(db: typeof bare, mode: 'raw' | 'transaction'): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < N; i++) {
    if (mode === 'raw')
      await db.select({ n: sql<number>`1` }).from(schema.users).where(eq(schema.users.id, 1)).limit(1);
    else await db.transaction(async (tx) => tx.execute(sql`select 1`));
  }
  return ((performance.now() - started) * 1000) / N;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const mode of ['raw', 'transaction'] as const) {
  await run(bare, mode);
  await run(safe, mode);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 6; round++) {
    a.push(await run(bare, mode));
    b.push(await run(safe, mode));
  }
  console.log(
    `${mode === 'raw' ? 'select' : 'transaction'}: bare ${median(a).toFixed(1)} µs, wrapped ${median(b).toFixed(1)} µs per query (median of 6 rounds × ${N}), ratio ${(median(b) / median(a)).toFixed(3)}`,
  );
}
health.close();
await pool.end();
