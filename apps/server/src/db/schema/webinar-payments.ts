/**
 * Paid webinar seats (issue 21 §1): one row per checkout opened for a webinar, kept once paid as
 * the payment's record (the user sees theirs, admins every one). The id is the provider's checkout
 * session id (`cs_…`); amounts are cents, the webinar's price being TTC (VAT 20 % included).
 */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BillingProvider } from './billing';
import { timestamps } from './columns';
import { webinars } from './content';
import { users } from './users';

export const webinarPayments = pgTable(
  'webinar_payments',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null once the webinar is deleted: the payment's record stays, with the title it had. */
    webinarId: integer().references(() => webinars.id, { onDelete: 'set null' }),
    webinarTitle: text().notNull(),
    provider: text().$type<Exclude<BillingProvider, 'manual'>>().notNull(),
    /** open | paid | expired */
    status: text().$type<'open' | 'paid' | 'expired'>().notNull().default('open'),
    consentToContact: boolean().notNull().default(false),
    amountTtc: integer().notNull(),
    amountHt: integer().notNull(),
    vatAmount: integer().notNull(),
    currency: text().notNull().default('EUR'),
    url: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The provider's payment (`pi_…`), once paid. */
    paymentRef: text(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('webinar_payments_user_idx').on(t.userId, t.createdAt),
    index('webinar_payments_webinar_idx').on(t.webinarId),
  ],
);
