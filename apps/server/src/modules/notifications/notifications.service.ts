/**
 * The notification centre: what each user is told (new messages, applications and their
 * answers, deal handoffs, team life, review decisions), kept in `notifications`, pushed live on
 * `users/{id}`, and also e-mailed for the categories the user chose (defaults in shared enums).
 */
import {
  defaultEmailNotifications,
  type Notification,
  type NotificationCategory,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationType,
  notificationCategoryOf,
} from '@closia/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { notificationSettings, notifications, users } from '../../db/schema';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { participantAlias, presentOptionalParticipant } from '../../lib/participants';
import type { Mail, Mailer } from '../../plugins/mailer';
import type { Realtime } from '../../plugins/realtime';

export interface NotificationInput {
  userId: number;
  type: NotificationType;
  /** Who did it (shown with their picture). */
  actorId?: number | null;
  /** French, ready to show. */
  title: string;
  body?: string | null;
  /** A path of the app. */
  link?: string | null;
  /**
   * Notifications with the same key are one while unread (the messages of a conversation): the
   * next one updates it and counts up instead of adding a line; its e-mail goes only the first time.
   */
  groupKey?: string;
  /** The e-mail sent when the user receives this category by e-mail (to their address). */
  mail?: Omit<Mail, 'to'>;
}

/**
 * Collects the notifications of one transaction: `add` writes them (and their e-mails) with the
 * transaction, `flush` pushes them live once it has committed — write first, broadcast second.
 */
export interface NotificationOutbox {
  add(tx: DbOrTx, input: NotificationInput): Promise<void>;
  flush(): void;
}

/** What services need to tell people: the notification centre, and the mailer for the rest. */
export interface Notifier {
  mailer: Mailer;
  appUrl: string;
  outbox(): NotificationOutbox;
  /** One notification outside any transaction: written, e-mailed and pushed at once. */
  notify(input: NotificationInput): Promise<void>;
}

export async function emailPreferences(
  db: DbOrTx,
  userId: number,
): Promise<Record<NotificationCategory, boolean>> {
  const [row] = await db
    .select({ email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return { ...defaultEmailNotifications, ...(row?.email ?? {}) };
}

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

/** Writes one notification (or counts it into its unread group); true when it is new. */
async function write(tx: DbOrTx, input: NotificationInput): Promise<{ id: number; inserted: boolean }> {
  const values = {
    userId: input.userId,
    type: input.type,
    actorId: input.actorId ?? null,
    title: input.title,
    body: input.body ?? null,
    link: input.link ?? null,
    groupKey: input.groupKey ?? null,
  };
  const query = tx.insert(notifications).values(values);
  const [row] = await (input.groupKey
    ? query.onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        targetWhere: sql`read_at is null and group_key is not null`,
        set: {
          count: sql`${notifications.count} + 1`,
          title: values.title,
          body: values.body,
          actorId: values.actorId,
          createdAt: sql`now()`,
        },
      })
    : query
  ).returning({ id: notifications.id, inserted: sql<boolean>`(xmax = 0)` });
  return { id: row!.id, inserted: Boolean(row!.inserted) };
}

async function mailIfWanted(tx: DbOrTx, mailer: Mailer, input: NotificationInput) {
  if (!input.mail) return;
  const [user] = await tx
    .select({ email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user || user.suspendedAt) return;
  const wanted = await emailPreferences(tx, input.userId);
  if (!wanted[notificationCategoryOf[input.type]]) return;
  await mailer.send({ to: user.email, ...input.mail }, tx);
}

export const unreadNotificationCount = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  )[0]?.n ?? 0;

const actor = participantAlias('actor');

function selectNotifications(db: DbOrTx) {
  return db
    .select({ notification: notifications, actor: actor.columns })
    .from(notifications)
    .leftJoin(actor.user, actor.on(notifications.actorId))
    .leftJoin(actor.profile, actor.profileOn);
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

function present({ notification: n, actor: a }: NotificationRow): Notification {
  return {
    id: n.id,
    type: n.type as NotificationType,
    category: notificationCategoryOf[n.type as NotificationType] ?? 'messages',
    title: n.title,
    body: n.body,
    link: n.link,
    actor: presentOptionalParticipant(a),
    count: n.count,
    readAt: n.readAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
  };
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
    data: rows.map(present),
    meta: { ...paginationMeta(total?.n ?? 0, query), unreadCount },
  };
}

/** Marks some (or all) of the user's notifications read; answers the unread count left. */
export async function markNotificationsRead(db: DbOrTx, userId: number, ids?: number[]): Promise<number> {
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
  return unreadNotificationCount(db, userId);
}

/** Marks read the unread notification of a group (a conversation the user just read). */
export async function markGroupRead(db: DbOrTx, userId: number, groupKey: string): Promise<boolean> {
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
  return rows.length > 0;
}

/** The notifier of an app: writes with the caller's transaction, pushes after it commits. */
export function createNotifier(deps: {
  db: Db;
  mailer: Mailer;
  realtime: Realtime;
  appUrl: string;
  log: { warn(obj: unknown, msg: string): void };
}): Notifier {
  const push = async (items: { userId: number; id: number }[]) => {
    if (items.length === 0) return;
    const rows = await selectNotifications(deps.db).where(
      inArray(
        notifications.id,
        items.map((i) => i.id),
      ),
    );
    for (const row of rows) {
      const userId = row.notification.userId;
      deps.realtime.broadcast(`users/${userId}`, {
        type: 'notification',
        notification: present(row),
        unreadCount: await unreadNotificationCount(deps.db, userId),
      });
    }
  };
  const outbox = (): NotificationOutbox => {
    const written: { userId: number; id: number }[] = [];
    return {
      async add(tx, input) {
        const { id, inserted } = await write(tx, input);
        written.push({ userId: input.userId, id });
        if (inserted) await mailIfWanted(tx, deps.mailer, input);
      },
      flush() {
        push(written.splice(0)).catch((err: unknown) => deps.log.warn({ err }, 'notification push failed'));
      },
    };
  };
  return {
    mailer: deps.mailer,
    appUrl: deps.appUrl,
    outbox,
    async notify(input) {
      const box = outbox();
      await deps.db.transaction((tx) => box.add(tx, input));
      box.flush();
    },
  };
}
