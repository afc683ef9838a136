import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What the notification centre lists. Messages of one conversation share one unread
 * notification (`groupKey`, `count`) instead of one per message.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    body: text(),
    /** A path of the app, e.g. /dashboard/messages/12. */
    link: text(),
    groupKey: text(),
    count: integer().notNull().default(1),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_unread_group')
      .on(t.userId, t.groupKey)
      .where(sql`read_at is null and group_key is not null`),
  ],
);

/** Which notification categories a user also receives by e-mail (absent: the defaults). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb().$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
