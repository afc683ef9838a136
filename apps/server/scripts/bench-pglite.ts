// Micro-benchmark of the PGlite driver: drizzle's stock driver (drizzle-orm/pglite) against
// db/pglite-driver.ts, on one in-memory database, in alternating rounds (the machine is shared:
// compare medians, not single runs).
//   npx tsx apps/server/scripts/bench-pglite.ts [rounds=7] [iterations=2000]
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type PgliteDatabase, drizzle as stockDrizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../src/db/client';
import { drizzlePglite, PgliteDriverClient } from '../src/db/pglite-driver';
import * as schema from '../src/db/schema';
import { sessions, users } from '../src/db/schema';

const rounds = Number(process.argv[2] ?? 7);
const iterations = Number(process.argv[3] ?? 2000);

const pg = await PGlite.create({ extensions: { pg_trgm, unaccent } });
await migrate(stockDrizzle(pg, { casing: 'snake_case' }), { migrationsFolder });

const variants = {
  stock: stockDrizzle(pg, { schema, casing: 'snake_case' }),
  closia: drizzlePglite(PgliteDriverClient.wrap(pg), { schema, casing: 'snake_case' }),
};
type Db = PgliteDatabase<typeof schema>;

const [user] = await variants.stock
  .insert(users)
  .values({ email: 'bench@example.com', firstName: 'Bench', lastName: 'Mark', passwordHash: 'x' })
  .returning();
const sessionId = 'a'.repeat(64);
await variants.stock.insert(sessions).values({
  id: sessionId,
  userId: user!.id,
  expiresAt: new Date(Date.now() + 86_400_000),
});

/** The scenarios, each built once per variant (prepared statements are per database object). */
function scenarios(db: Db) {
  const trivial = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('bench_trivial');
  // The same query as plugins/session.ts (`find_session`), run on every signed-in request.
  const findSession = db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('bench_find_session');
  return {
    'prepared select by id': () => trivial.execute({ id: user!.id }),
    'session lookup (prepared)': () => findSession.execute({ id: sessionId }),
    'unprepared select by id': () => db.select().from(users).where(eq(users.id, user!.id)),
  };
}

const built = { stock: scenarios(variants.stock), closia: scenarios(variants.closia) };
const names = Object.keys(built.stock) as (keyof (typeof built)['stock'])[];

// Same answers from both.
for (const name of names) {
  const [a, b] = [await built.stock[name](), await built.closia[name]()];
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${name}: the variants disagree`);
}

const samples: Record<string, Record<'stock' | 'closia', number[]>> = {};
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? (['stock', 'closia'] as const) : (['closia', 'stock'] as const);
  for (const name of names) {
    samples[name] ??= { stock: [], closia: [] };
    for (const variant of order) {
      const run = built[variant][name];
      for (let i = 0; i < 200; i++) await run();
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) await run();
      const micros = Number(process.hrtime.bigint() - start) / 1000 / iterations;
      samples[name][variant].push(micros);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
console.log(`PGlite driver, µs per query (median of ${rounds} alternating rounds × ${iterations})`);
console.log('scenario'.padEnd(28), 'stock'.padStart(8), 'closia'.padStart(8), 'speed-up'.padStart(9));
for (const name of names) {
  const stock = median(samples[name]!.stock);
  const closia = median(samples[name]!.closia);
  console.log(
    name.padEnd(28),
    stock.toFixed(0).padStart(8),
    closia.toFixed(0).padStart(8),
    `${(stock / closia).toFixed(2)}×`.padStart(9),
  );
}
await pg.close();
