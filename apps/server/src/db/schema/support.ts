/**
 * Support (issue 22 §3): the FAQ admins keep, and the tickets of the contact form with their
 * threads. Plain texts; statuses and categories are the lists of `@closia/shared`
 * (`supportTicketStatuses`, `supportCategories`).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps, tsvector } from './columns';
import { users } from './users';

export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial().primaryKey(),
    question: text().notNull(),
    /** Plain text with line breaks. */
    answer: text().notNull(),
    category: text().notNull(),
    /** Order within the category, smaller first. */
    position: integer().notNull().default(0),
    /** Question and answer unaccented, and their French vector (a trigger keeps them, as for missions). */
    searchText: text().notNull().default(''),
    searchVector: tsvector(),
    ...timestamps,
  },
  (t) => [
    index('faq_entries_category_idx').on(t.category, t.position, t.id),
    index('faq_entries_search_idx').using('gin', t.searchVector),
  ],
);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial().primaryKey(),
    /** The requester's account; null for a visitor. Deleting the account deletes its tickets (RGPD). */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Where the answers go: the visitor's, or the account's at the time of the request. */
    email: text().notNull(),
    name: text(),
    subject: text().notNull(),
    category: text().notNull().default('other'),
    /** open | pending | closed */
    status: text().notNull().default('open'),
    /** The admin who handles it. */
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    messageCount: integer().notNull().default(0),
    lastMessageFromStaff: boolean().notNull().default(false),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.lastMessageAt, t.id),
    index('support_tickets_user_idx').on(t.userId, t.lastMessageAt),
    index('support_tickets_email_idx').on(t.email).where(sql`user_id is null`),
    index('support_tickets_assignee_idx').on(t.assigneeId, t.status),
  ],
);

export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial().primaryKey(),
    ticketId: integer()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Null: a visitor, or an account deleted since. */
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean().notNull().default(false),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);

export type FaqEntryRow = typeof faqEntries.$inferSelect;
export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type SupportTicketMessageRow = typeof supportTicketMessages.$inferSelect;
