/**
 * A deal's history: every change of stage, probability or owner writes one row in the change's
 * transaction; read back oldest first with the people it names.
 */
import type { DealHistory, PersonRef } from '@closia/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealHistories, users } from '../../db/schema';
import { personRef, presentHistory } from './deals.presenter';

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

/** People named by history rows (who, and the owners of owner changes), by id. */
async function peopleOf(db: DbOrTx, rows: (typeof dealHistories.$inferSelect)[]) {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.userId !== null) ids.add(row.userId);
    if (row.field === 'owner') {
      for (const value of [row.fromValue, row.toValue])
        if (value && /^\d+$/.test(value)) ids.add(Number(value));
    }
  }
  if (ids.size === 0) return new Map<number, PersonRef>();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((u) => [u.id, personRef(u)]));
}

/** A deal's history rows, oldest first. */
export async function historyOf(db: DbOrTx, dealId: number): Promise<DealHistory[]> {
  const rows = await db
    .select()
    .from(dealHistories)
    .where(eq(dealHistories.dealId, dealId))
    .orderBy(asc(dealHistories.createdAt), asc(dealHistories.id));
  const people = await peopleOf(db, rows);
  return rows.map((row) => presentHistory(row, people));
}
