/**
 * The notification centre as its owner reads it: what each user was told (new messages,
 * applications and their answers, deal handoffs, team life, review decisions), its unread count
 * and the categories they want by e-mail (defaults in shared enums). Telling someone something is
 * `work.notify` (plugins/unit-of-work.ts, written by plugins/notifier.ts).
 */
import {
  channels,
  type NotificationCategory,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
} from '@closia/shared';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notificationSettings, notifications } from '../../db/schema';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import {
  emailPreferences,
  presentNotification,
  selectNotifications,
  unreadNotificationCount,
} from '../../plugins/notifier';
import type { UnitOfWork } from '../../plugins/unit-of-work';

export async function updateEmailPreferences(
  db: Db,
  userId: number,
  changes: Partial<Record<NotificationCategory, boolean>>,
): Promise<NotificationPreferences> {
  const current = await emailPreferences(db, userId);
  const email = { ...current, ...changes };
  await db
    .insert(notificationSettings)
    .values({ userId, email })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { email, updatedAt: new Date() } });
  return { email };
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const where = and(
    eq(notifications.userId, userId),
    query.unread ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total], unreadCount] = await Promise.all([
    selectNotifications(db)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(notifications).where(where),
    unreadNotificationCount(db, userId),
  ]);
  return {
    data: rows.map(presentNotification),
    meta: { ...paginationMeta(total?.n ?? 0, query), unreadCount },
  };
}

/** Marks some (or all) of the user's notifications read; answers the unread count left. */
export async function markNotificationsRead(
  db: DbOrTx,
  work: UnitOfWork,
  userId: number,
  ids?: number[],
): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
  const unreadCount = await unreadNotificationCount(db, userId);
  work.broadcast(channels.user(userId), { type: 'notifications.read', unreadCount });
  return unreadCount;
}

/**
 * Marks read the unread notification of a group (a conversation the user just read), and tells
 * the user's other tabs the new unread count.
 */
export async function markGroupRead(
  db: DbOrTx,
  work: UnitOfWork,
  userId: number,
  groupKey: string,
): Promise<void> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.groupKey, groupKey),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (rows.length === 0) return;
  const unreadCount = await unreadNotificationCount(db, userId);
  work.broadcast(channels.user(userId), { type: 'notifications.read', unreadCount });
}

export async function preferencesOf(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  return { email: await emailPreferences(db, userId) };
}
