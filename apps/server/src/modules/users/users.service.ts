import type { CurrentUser, Paginated, UserActivity } from '@closia/shared';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { profiles, userActivities, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import { unreadMessageCount } from '../../lib/unread-messages';
import { presentActivity, presentCurrentUser } from './users.presenter';

const currentUserExtras = (db: DbOrTx) =>
  db
    .select({ profile: profiles, unread: unreadMessageCount })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('current_user_extras');
const prepared = new WeakMap<DbOrTx, ReturnType<typeof currentUserExtras>>();

/**
 * The current user with its sub-profile and unread message count, read afresh (after a write).
 * `GET /api/v1/user` answers from the session lookup instead (see plugins/session.ts).
 */
export async function getCurrentUser(db: DbOrTx, user: UserRow): Promise<CurrentUser> {
  let query = prepared.get(db);
  if (!query) {
    query = currentUserExtras(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ userId: user.id });
  return presentCurrentUser(user, row?.profile ?? null, Number(row?.unread ?? 0));
}

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
