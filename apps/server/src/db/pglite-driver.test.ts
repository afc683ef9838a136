import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { boolean, date, integer, json, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle as stockDrizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS, drizzlePglite, PgliteDriverClient } from './pglite-driver';

// These tests exercise the PGlite driver itself, whichever database the rest of the suite uses.

const items = pgTable('items', {
  id: integer().primaryKey(),
  name: text().notNull(),
  at: timestamp({ mode: 'date' }),
  atZone: timestamp({ withTimezone: true, mode: 'date' }),
  atText: timestamp({ withTimezone: true, mode: 'string' }),
  day: date(),
  amount: numeric({ precision: 12, scale: 4 }),
  tags: text().array(),
  scores: integer().array(),
  times: timestamp({ mode: 'date' }).array(),
  meta: json(),
  data: jsonb(),
  flag: boolean(),
});

const counters = pgTable('counters', { id: integer().primaryKey(), n: integer().notNull() });

const CREATE = `
  create table items (
    id int primary key, name text not null unique, at timestamp, at_zone timestamptz, at_text timestamptz,
    day date, amount numeric(12,4), tags text[], scores int[], times timestamp[], meta json, data jsonb,
    flag boolean
  );
  create table counters (id int primary key, n int not null check (n >= 0));
  insert into counters values (1, 0);`;

/** What drizzle passes on every query (drizzle-orm/pglite's queryConfig). */
const drizzleConfig = (rowMode: 'array' | 'object'): QueryOptions => ({
  rowMode,
  parsers: { ...DRIZZLE_PARSERS },
});

/** Frontend message codes in one protocol buffer (P = Parse, B = Bind, E = Execute, S = Sync…). */
function frontendCodes(message: Uint8Array): string {
  let codes = '';
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  for (let offset = 0; offset < message.length; offset += 1 + view.getInt32(offset + 1)) {
    codes += String.fromCharCode(message[offset]!);
  }
  return codes;
}

/** Records what a PGlite instance receives (and restores nothing: each test file has its own). */
function spyOn(pg: PGlite) {
  const sent: string[] = [];
  const queryOptions: (QueryOptions | undefined)[] = [];
  const stream = pg.execProtocolStream.bind(pg);
  pg.execProtocolStream = (message, options) => {
    sent.push(frontendCodes(message));
    return stream(message, options);
  };
  const wrapOptions = <F extends (text: string, params?: unknown[], options?: QueryOptions) => unknown>(
    query: F,
  ) =>
    ((text: string, params?: unknown[], options?: QueryOptions) => {
      queryOptions.push(options);
      return query(text, params, options);
    }) as F;
  pg.query = wrapOptions(pg.query.bind(pg));
  const transaction = pg.transaction.bind(pg);
  pg.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => callback(Object.create(tx, { query: { value: wrapOptions(tx.query) } })));
  return {
    sent,
    queryOptions,
    clear() {
      sent.length = 0;
      queryOptions.length = 0;
    },
  };
}

let pristine: PGlite;
let pg: PGlite;
let client: PgliteDriverClient;
let db: ReturnType<typeof drizzlePglite>;
let spy: ReturnType<typeof spyOn>;

beforeAll(async () => {
  pristine = await PGlite.create();
  await pristine.exec(CREATE);
  pg = (await pristine.clone()) as PGlite;
  client = PgliteDriverClient.wrap(pg);
  db = drizzlePglite(client, { casing: 'snake_case' });
  spy = spyOn(pg);
});
afterAll(async () => {
  await pg?.close();
  await pristine?.close();
});

const sample = (id: number, name = `item ${id}`) => ({
  id,
  name,
  at: new Date('2024-02-29T23:59:58.123Z'),
  atZone: new Date('2001-01-01T00:00:00.000Z'),
  atText: '2020-06-15 10:20:30.5+00',
  day: '1999-12-31',
  amount: '12345678.9012',
  tags: ['a', 'b,c', 'd "e"', ''],
  scores: [1, -2, 3],
  times: [new Date('2010-10-10T10:10:10.000Z')],
  meta: { nested: [1, 'two', null], big: 12345678901234 },
  data: { ok: true },
  flag: false,
});

describe('PGlite driver: parsers', () => {
  it('never hands drizzle’s parsers to PGlite, in or out of a transaction', async () => {
    spy.clear();
    await db.insert(items).values(sample(1));
    await db.select().from(items).where(eq(items.id, 1));
    await db.execute(sql`select 1`);
    await db.transaction(async (tx) => {
      await tx.update(items).set({ flag: true }).where(eq(items.id, 1));
      await tx.select().from(items);
      await tx.transaction(async (nested) => nested.select({ id: items.id }).from(items));
    });
    expect(spy.queryOptions.length).toBeGreaterThanOrEqual(7);
    for (const options of spy.queryOptions) {
      expect(options).not.toHaveProperty('parsers');
      expect(options?.rowMode).toMatch(/^(array|object)$/);
    }
  });

  it('gives the instance drizzle’s parsers once, leaving its other parsers alone', () => {
    for (const oid of Object.keys(DRIZZLE_PARSERS)) expect(pg.parsers[oid]!('x')).toBe('x');
    expect(pg.parsers[23]!('42')).toBe(42); // int4 still parsed
    expect(pg.parsers[3802]!('{"a":1}')).toEqual({ a: 1 }); // jsonb still parsed
  });

  it('reads raw SQL with PGlite’s default parsing (timestamps as Date)', async () => {
    const { rows } = await client.rawQuery<{ t: unknown; d: unknown; ts: unknown }>(
      `select timestamptz '2020-01-02 03:04:05+00' as t, date '2020-01-02' as d,
        array[timestamp '2020-01-02 03:04:05'] as ts`,
    );
    expect(rows[0]!.t).toEqual(new Date('2020-01-02T03:04:05Z'));
    expect(rows[0]!.d).toBeInstanceOf(Date);
    expect((rows[0]!.ts as unknown[])[0]).toBeInstanceOf(Date);
  });
});

describe('PGlite driver: the same rows and fields as before', () => {
  it('round-trips timestamps, dates, numeric, arrays, json and nulls like the stock driver', async () => {
    const stock = stockDrizzle(pristine, { casing: 'snake_case' });
    await stock.insert(items).values([sample(2), { id: 3, name: 'nulls' }]);
    await db.insert(items).values([sample(2), { id: 3, name: 'nulls' }]);
    const read = (d: typeof db | typeof stock) => d.select().from(items).where(sql`${items.id} in (2, 3)`);
    const before = await read(stock);
    expect(before[0]).toMatchObject({ ...sample(2), atText: expect.any(String) });
    expect(before[1]).toMatchObject({ at: null, tags: null, meta: null, amount: null, flag: null });
    expect(await read(db)).toEqual(before);

    const byId = (d: typeof db | typeof stock) =>
      d
        .select()
        .from(items)
        .where(eq(items.id, sql.placeholder('id')))
        .prepare('item_by_id');
    const [preparedStock, preparedOurs] = [byId(stock), byId(db)];
    for (const id of [2, 3, 2, 3])
      expect(await preparedOurs.execute({ id })).toEqual(await preparedStock.execute({ id }));
  });

  it('answers a named statement exactly like query() (rows, fields, command, counts)', async () => {
    const statements: [string, unknown[]][] = [
      ['select * from items where id = any($1) order by id', [[2, 3]]],
      [
        'select $1::timestamptz as t, $2::numeric[] as n, $3::date[] as d',
        [new Date(0), ['1.50', '2'], null],
      ],
      ['update items set flag = $1 where id = any($2)', [true, [2, 3]]],
      ['select count(*) from items where false', []],
    ];
    for (const [i, [text, params]] of statements.entries()) {
      for (const rowMode of ['array', 'object'] as const) {
        const expected = await pristine.query(text, params, drizzleConfig(rowMode));
        const named = client.named(`same_${i}`);
        for (let run = 0; run < 2; run++) {
          const actual = await named.query(text, params, drizzleConfig(rowMode));
          expect(actual).toEqual(expected);
        }
      }
    }
  });
});

describe('PGlite driver: named statements', () => {
  it('parses a named query once, then only binds and executes it', async () => {
    const byName = db
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(eq(items.name, sql.placeholder('name')))
      .prepare('item_by_name');
    spy.clear();
    expect(await byName.execute({ name: 'item 1' })).toEqual([{ id: 1, name: 'item 1' }]);
    expect(spy.sent).toEqual(['PDS', 'BES']);
    spy.clear();
    expect(await byName.execute({ name: 'item 2' })).toEqual([{ id: 2, name: 'item 2' }]);
    expect(await byName.execute({ name: 'nope' })).toEqual([]);
    expect(spy.sent).toEqual(['BES', 'BES']);
    const { rows } = await pg.query<{ statement: string }>('select statement from pg_prepared_statements');
    expect(rows.filter((row) => row.statement.includes('"items"."name" = $1'))).toHaveLength(1);
  });

  it('runs unnamed queries as before (the unnamed statement)', async () => {
    spy.clear();
    await db.select().from(items).where(eq(items.id, 1));
    expect(spy.sent.join(',')).not.toContain('BES');
    expect(spy.sent[0]).toBe('P');
  });

  it('keeps the connection usable after a failing execution, with the error query() would give', async () => {
    const insert = db
      .insert(items)
      .values({ id: sql.placeholder('id'), name: sql.placeholder('name') })
      .prepare('insert_item');
    await insert.execute({ id: 100, name: 'unique' });
    const failure = await insert.execute({ id: 101, name: 'unique' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    const cause = (failure as DrizzleQueryError).cause as Error & Record<string, unknown>;
    const direct = await pristine
      .query('insert into items (id, name) values ($1, $2)', [1, 'x'])
      .then(() => pristine.query('insert into items (id, name) values ($1, $2)', [2, 'x']))
      .catch((error: unknown) => error as Error & Record<string, unknown>);
    expect(cause.constructor).toBe(direct.constructor);
    expect(cause).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 'items_name_key' });
    expect(Object.keys(cause).sort()).toEqual(Object.keys(direct).sort());
    expect(cause.query).toContain('insert into "items"');
    expect(cause.params).toEqual([101, 'unique']);
    // The next queries work, named or not, and the failed row is not there.
    await insert.execute({ id: 101, name: 'other' });
    expect(await db.select({ id: items.id }).from(items).where(sql`${items.id} in (100, 101)`)).toHaveLength(
      2,
    );
    expect((await pg.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('reports an invalid statement like query() and prepares nothing for it', async () => {
    const bad = client.named('bad');
    const error = await bad.query('select no_such_column from items').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42703', query: 'select no_such_column from items' });
    expect((await pg.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it('works inside a transaction: sees its own writes, rolls back, leaves no trace', async () => {
    const count = db
      .select({ n: sql<number>`count(*)::int` })
      .from(items)
      .where(sql`${items.name} like ${sql.placeholder('pattern')}`)
      .prepare('count_items');
    expect(await count.execute({ pattern: 'tx %' })).toEqual([{ n: 0 }]);
    const rolledBack = db.transaction(async (tx) => {
      await tx.insert(items).values([sample(200, 'tx a'), sample(201, 'tx b')]);
      // The same statement, prepared on the transaction's session, and the outer one.
      const inner = tx
        .select({ n: sql<number>`count(*)::int` })
        .from(items)
        .where(sql`${items.name} like ${sql.placeholder('pattern')}`)
        .prepare('count_items');
      expect(await inner.execute({ pattern: 'tx %' })).toEqual([{ n: 2 }]);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(/Rollback/);
    expect(await count.execute({ pattern: 'tx %' })).toEqual([{ n: 0 }]);
    // A failing named execution inside a transaction fails the transaction, and only it.
    const decrement = db
      .update(counters)
      .set({ n: sql`${counters.n} - 1` })
      .where(eq(counters.id, sql.placeholder('id')))
      .prepare('decrement');
    await expect(
      db.transaction(async (tx) => {
        await tx.update(counters).set({ n: 5 }).where(eq(counters.id, 1));
        const inTx = tx
          .update(counters)
          .set({ n: sql`${counters.n} - 1` })
          .where(eq(counters.id, sql.placeholder('id')))
          .prepare('decrement');
        await inTx.execute({ id: 1 });
        await tx.update(counters).set({ n: 0 }).where(eq(counters.id, 1));
        await inTx.execute({ id: 1 });
      }),
    ).rejects.toThrow();
    expect(await db.select().from(counters)).toEqual([{ id: 1, n: 0 }]);
    await db.update(counters).set({ n: 1 }).where(eq(counters.id, 1));
    await decrement.execute({ id: 1 });
    expect(await db.select().from(counters)).toEqual([{ id: 1, n: 0 }]);
  });

  it('never runs between the statements of someone else’s transaction', async () => {
    const byId = db
      .select({ id: items.id })
      .from(items)
      .where(eq(items.id, sql.placeholder('id')))
      .prepare('item_exists');
    let inside = false;
    const transaction = db
      .transaction(async (tx) => {
        await tx.insert(items).values(sample(300));
        inside = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
        inside = false;
        tx.rollback();
      })
      .catch(() => 'rolled back');
    for (let tick = 0; !inside; tick++) {
      if (tick > 10_000) throw new Error('the transaction never started');
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Issued while the transaction holds the connection: it must wait, then not see row 300.
    expect(await byId.execute({ id: 300 })).toEqual([]);
    expect(await transaction).toBe('rolled back');
  });

  it('keeps concurrent named and unnamed queries apart', async () => {
    const byId = db
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(eq(items.id, sql.placeholder('id')))
      .prepare('item_by_id_concurrent');
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? byId.execute({ id: 1 + (i % 3) })
          : db.select({ id: items.id }).from(items).where(eq(items.id, 1)),
      ),
    );
    results.forEach((rows, i) => {
      expect(rows[0]!.id).toBe(i % 2 ? 1 + (i % 3) : 1);
    });
  });

  it('prepares again when the statement vanished or its result type changed', async () => {
    const named = client.named('vanishing');
    const text = 'select * from counters where id = $1';
    expect((await named.query(text, [1])).rows).toEqual([{ id: 1, n: 0 }]);
    // Dropped behind the driver's back: the next execution re-prepares and answers.
    await pg.exec('deallocate all');
    spy.clear();
    expect((await named.query(text, [1])).rows).toEqual([{ id: 1, n: 0 }]);
    expect(spy.sent).toEqual(['BES', 'CPDS', 'BES']);
    // Dropped through the driver: it knows, and prepares straight away.
    await db.execute(sql`discard all`);
    spy.clear();
    expect((await named.query(text, [1])).rows).toEqual([{ id: 1, n: 0 }]);
    expect(spy.sent).toEqual(['PDS', 'BES']);
    // A migration changes the table: the statement is prepared again for the new columns.
    await pg.exec('alter table counters add column label text');
    expect((await named.query(text, [1])).rows).toEqual([{ id: 1, n: 0, label: null }]);
    await pg.exec('alter table counters drop column label');
    // Inside a transaction the error cannot be retried; the next execution outside works.
    await pg.exec('deallocate all');
    const inTx = client.transaction((txClient) => txClient.named('vanishing').query(text, [1]));
    await expect(inTx).rejects.toMatchObject({ code: '26000' });
    expect((await named.query(text, [1])).rows).toEqual([{ id: 1, n: 0 }]);
  });
});

describe('PGlite driver: closed instance', () => {
  it('rejects like PGlite once closed', async () => {
    const other = (await pristine.clone()) as PGlite;
    const otherClient = PgliteDriverClient.wrap(other);
    await other.close();
    await expect(otherClient.named('x').query('select 1')).rejects.toThrow(/closed/);
    await expect(otherClient.query('select 1')).rejects.toThrow(/closed/);
  });
});
