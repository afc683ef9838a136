/**
 * Writing to the notification centre, for every feature: a notification (or one more in its
 * unread group) is written with the caller's transaction, its e-mail queued when the user wants
 * this category by e-mail, and it is pushed live on `users/{id}` once the transaction has
 * committed. Features do not call this directly: they call `work.notify` (plugins/unit-of-work.ts),
 * which pushes after the commit. Reading the centre is `modules/notifications`.
 */
import {
  channels,
  defaultEmailNotifications,
  type Notification,
  type NotificationCategory,
  type NotificationType,
  notificationCategoryOf,
} from '@closia/shared';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, DbOrTx } from '../db/client';
import { notificationSettings, notifications, users } from '../db/schema';
import { participantAlias, presentOptionalParticipant } from '../lib/participants';
import type { Mail, Mailer } from './mailer';
import type { Realtime } from './realtime';

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

/** A notification written by a transaction, to push once it has committed. */
export interface WrittenNotification {
  userId: number;
  id: number;
}

export interface Notifier {
  /** Writes one notification with `tx` (and queues its e-mail when wanted). */
  write(tx: DbOrTx, input: NotificationInput): Promise<WrittenNotification>;
  /** Pushes committed notifications live with the recipient's unread count. */
  push(written: WrittenNotification[]): Promise<void>;
  /** One notification outside any request: written, e-mailed and pushed at once. */
  notify(input: NotificationInput): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
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

export const unreadNotificationCount = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  )[0]?.n ?? 0;

const actor = participantAlias('actor');

export function selectNotifications(db: DbOrTx) {
  return db
    .select({ notification: notifications, actor: actor.columns })
    .from(notifications)
    .leftJoin(actor.user, actor.on(notifications.actorId))
    .leftJoin(actor.profile, actor.profileOn);
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

export function presentNotification({ notification: n, actor: a }: NotificationRow): Notification {
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

/** Writes one notification (or counts it into its unread group); true when it is new. */
async function insert(tx: DbOrTx, input: NotificationInput): Promise<{ id: number; inserted: boolean }> {
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

export function createNotifier(deps: { db: Db; mailer: Mailer; realtime: Realtime }): Notifier {
  const notifier: Notifier = {
    async write(tx, input) {
      const { id, inserted } = await insert(tx, input);
      if (inserted) await mailIfWanted(tx, deps.mailer, input);
      return { userId: input.userId, id };
    },
    async push(written) {
      if (written.length === 0) return;
      const rows = await selectNotifications(deps.db).where(
        inArray(
          notifications.id,
          written.map((w) => w.id),
        ),
      );
      for (const row of rows) {
        const userId = row.notification.userId;
        deps.realtime.broadcast(channels.user(userId), {
          type: 'notification',
          notification: presentNotification(row),
          unreadCount: await unreadNotificationCount(deps.db, userId),
        });
      }
    },
    async notify(input) {
      const written = await deps.db.transaction((tx) => notifier.write(tx, input));
      await notifier.push([written]);
    },
  };
  return notifier;
}

/** Decorates `app.notifier` (after the mailer and the realtime plugin). */
export const notifierPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('notifier', createNotifier({ db: app.db, mailer: app.mailer, realtime: app.realtime }));
  },
  { name: 'notifier', dependencies: ['mailer', 'realtime'] },
);
