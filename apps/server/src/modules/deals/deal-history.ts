/**
 * A deal's history: every change of stage, probability or owner writes one row in the change's
 * transaction; read back oldest first with the people it names.
 */
import type { DealHistory, PersonRef } from '@closia/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealHistories, users } from '../../db/schema';
import { preparedPerDatabase } from '../../lib/prepared';
import { type HistoryRow, type NameParts, personRef, presentHistory } from './deals.presenter';

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
