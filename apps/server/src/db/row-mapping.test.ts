import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { alias, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzlePglite, PgliteDriverClient } from './pglite-driver';

// drizzle-orm's row mapping, patched (patches/drizzle-orm@0.45.4): each field's decoder and place
// in the answer are worked out once per field list, which a prepared statement keeps for its life.
// These pin what upstream answers: nested objects, a left-joined table absent → null, decoders of
// columns and of `sql` fields, aliased tables, and a prepared statement reused for other rows.

const people = pgTable('people', {
  id: integer().primaryKey(),
  name: text().notNull(),
  bornAt: timestamp({ withTimezone: true, mode: 'date' }),
  bossId: integer(),
});
const pets = pgTable('pets', {
  id: integer().primaryKey(),
  ownerId: integer().notNull(),
  name: text().notNull(),
});

let pg: PGlite;
let db: ReturnType<typeof drizzlePglite>;

beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`
    create table people (id int primary key, name text not null, born_at timestamptz, boss_id int);
    create table pets (id int primary key, owner_id int not null, name text not null);
    insert into people values (1, 'Inès', '1990-05-01T10:00:00Z', null), (2, 'Éric', null, 1);
    insert into pets values (10, 1, 'Pixel');`);
  db = drizzlePglite(PgliteDriverClient.wrap(pg), { casing: 'snake_case' });
});
afterAll(async () => pg?.close());

const boss = alias(people, 'boss');

const page = () =>
  db
    .select({
      person: { id: people.id, name: people.name, bornAt: people.bornAt },
      pet: { id: pets.id, name: pets.name },
      boss: { id: boss.id, name: boss.name },
      petCount: sql<number>`(select count(*) from pets p where p.owner_id = ${people.id})`.mapWith(Number),
      shout: sql<string>`upper(${people.name})`,
    })
    .from(people)
    .leftJoin(pets, eq(pets.ownerId, people.id))
    .leftJoin(boss, eq(boss.id, people.bossId));

const ines = {
  person: { id: 1, name: 'Inès', bornAt: new Date('1990-05-01T10:00:00Z') },
  pet: { id: 10, name: 'Pixel' },
  boss: null,
  petCount: 1,
  shout: 'INÈS',
};
const eric = {
  person: { id: 2, name: 'Éric', bornAt: null },
  pet: null,
  boss: { id: 1, name: 'Inès' },
  petCount: 0,
  shout: 'ÉRIC',
};

describe('drizzle row mapping (patched)', () => {
  it('answers nested objects, a missing left-joined row as null, and decoded sql fields', async () => {
    expect(await page().orderBy(people.id)).toEqual([ines, eric]);
  });

  it('a prepared statement maps each execution with its own rows', async () => {
    const statement = page()
      .where(eq(people.id, sql.placeholder('id')))
      .prepare('row_mapping_person');
    expect(await statement.execute({ id: 2 })).toEqual([eric]);
    expect(await statement.execute({ id: 1 })).toEqual([ines]);
    expect(await statement.execute({ id: 2 })).toEqual([eric]);
  });

  it('keeps a left-joined object whose columns are all null when its table is not the nullable one', async () => {
    const rows = await db
      .select({ person: { id: people.id, bornAt: people.bornAt }, pet: { name: pets.name } })
      .from(people)
      .leftJoin(pets, eq(pets.ownerId, people.id))
      .where(eq(people.id, 2));
    expect(rows).toEqual([{ person: { id: 2, bornAt: null }, pet: null }]);
  });
});
