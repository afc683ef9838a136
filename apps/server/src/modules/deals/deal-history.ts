/**
 * A deal's history: every change of stage, probability or owner writes one row in the change's
 * transaction; read back oldest first with the people it names.
 */
import type { DealHistory, PersonRef } from '@closia/shared';
import { type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealHistories, users } from '../../db/schema';
import { preparedPerDatabase } from '../../lib/prepared';
import {
  type HistoryJson,
  type HistoryRow,
  type NameParts,
  personRef,
  presentHistory,
} from './deals.presenter';

/** Writes one history row (in the caller's transaction). */
export async function record(
  tx: DbOrTx,
  dealId: number,
  userId: number,
  field: DealHistory['field'],
  fromValue: string | number | null,
  toValue: string | number | null,
  note?: string | null,
) {
  await tx.insert(dealHistories).values({
    dealId,
    userId,
    field,
    fromValue: fromValue === null ? null : String(fromValue),
    toValue: toValue === null ? null : String(toValue),
    note: note || null,
  });
}

/** A deal's history rows, oldest first, with the first and last name of who made each change. */
const historyRows = preparedPerDatabase((db) =>
  db
    .select({
      row: dealHistories,
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    })
    .from(dealHistories)
    .leftJoin(users, eq(users.id, dealHistories.userId))
    .where(eq(dealHistories.dealId, sql.placeholder('dealId')))
    .orderBy(asc(dealHistories.createdAt), asc(dealHistories.id))
    .prepare('deal_history'),
);

/**
 * People named by history rows, by id: the authors (joined), and the owners of owner changes
 * (read when they are not among the authors).
 */
async function peopleOf(db: DbOrTx, rows: { row: HistoryRow; author: NameParts | null }[]) {
  const people = new Map<number, PersonRef>();
  for (const { author } of rows) if (author) people.set(author.id, personRef(author));
  const missing = new Set<number>();
  for (const { row } of rows) {
    if (row.field !== 'owner') continue;
    for (const value of [row.fromValue, row.toValue])
      if (value && /^\d+$/.test(value) && !people.has(Number(value))) missing.add(Number(value));
  }
  if (missing.size === 0) return people;
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...missing]));
  for (const u of found) people.set(u.id, personRef(u));
  return people;
}

/** A deal's history rows, oldest first. */
export async function historyOf(db: DbOrTx, dealId: number): Promise<DealHistory[]> {
  const rows = await historyRows(db).execute({ dealId });
  const people = await peopleOf(db, rows);
  return rows.map(({ row }) => presentHistory(row, people));
}

/** `{ id, firstName, lastName }` of the user `alias` (left-joined), or null. */
const personJson = (alias: string): SQL =>
  sql.raw(`case when ${alias}.id is not null then json_build_object(
    'id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name) end`);

/**
 * The user a value of an owner change names (owner changes store user ids; any other value or
 * field names nobody), looked up only for such a row (`case` evaluates it lazily), or null.
 */
const ownerNamedBy = (value: string): SQL =>
  sql.raw(`case when h.field = 'owner' and ${value} ~ '^[0-9]{1,18}$' then (
    select json_build_object('id', o.id, 'firstName', o.first_name, 'lastName', o.last_name)
    from users o where o.id = ${value}::bigint) end`);

/**
 * A deal's history as one column of a query on `deals` (the deal page reads deal and history in
 * one round trip): a JSON array of its rows, oldest first, each with the people it names — its
 * author, and the previous and new owner of an owner change (`presentHistoryJson`).
 */
export const historyJsonOf = (dealId: AnyColumn) => sql<HistoryJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', h.id, 'dealId', h.deal_id, 'field', h.field, 'fromValue', h.from_value,
    'toValue', h.to_value, 'note', h.note, 'createdAt', h.created_at, 'user', ${personJson('u')},
    'fromUser', ${ownerNamedBy('h.from_value')}, 'toUser', ${ownerNamedBy('h.to_value')}
  ) order by h.created_at, h.id), '[]')
  from deal_histories h
  left join users u on u.id = h.user_id
  where h.deal_id = ${dealId}
)`;
