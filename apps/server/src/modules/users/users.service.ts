import type { Paginated, UserActivity } from '@closia/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { userActivities, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import { presentActivity } from './users.presenter';

export async function findUser(db: DbOrTx, id: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('User');
  return user;
}

export async function listActivities(
  db: DbOrTx,
  userId: number,
  page: PaginationQuery,
): Promise<Paginated<UserActivity>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(userActivities)
      .where(eq(userActivities.userId, userId))
      .orderBy(desc(userActivities.createdAt), desc(userActivities.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(userActivities).where(eq(userActivities.userId, userId)),
  ]);
  return { data: rows.map(presentActivity), meta: paginationMeta(total?.n ?? 0, page) };
}
