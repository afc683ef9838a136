/**
 * Plans and payment (issue 20). The plans themselves are code (`plans` in `@closia/shared`); these
 * tables hold what the payment provider told us: a customer per user, the user's subscription as
 * last read from the provider, every webhook event once, the checkout sessions, and the invoices
 * with their gapless numbers. `sandbox_objects` is the sandbox provider's own side (what Stripe
 * keeps on its servers), read back by the webhook exactly as Stripe's API would be.
 */
import type { BillingInterval, PlanId, SubscriptionStatus } from '@closia/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/** Who bills: Stripe, the sandbox, or an admin's grant (`manual`, no payment). */
export type BillingProvider = 'stripe' | 'sandbox' | 'manual';

/** Who an invoice is addressed to, as collected at checkout. */
export interface BillingIdentity {
  name: string;
  address: string | null;
  company: string | null;
  vatNumber: string | null;
  email: string;
}

/** One customer per user and provider, created once and reused. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<BillingProvider>().notNull(),
    /** `cus_…` */
    customerRef: text().notNull(),
    identity: jsonb().$type<BillingIdentity>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_customers_user_provider_unique').on(t.userId, t.provider),
    uniqueIndex('billing_customers_ref_unique').on(t.provider, t.customerRef),
  ],
);

/** A user's subscription as last read from the provider (one row per user). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text().$type<Exclude<PlanId, 'gratuit'>>().notNull(),
    interval: text().$type<BillingInterval>().notNull(),
    status: text().$type<SubscriptionStatus>().notNull(),
    provider: text().$type<BillingProvider>().notNull(),
    /** `sub_…` */
    providerRef: text().notNull(),
    customerRef: text().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** When the status became past_due (the grace period runs from here). */
    pastDueSince: timestamp({ withTimezone: true }),
    /** Mails sent about this past-due period: 0 none yet, 1 the reminder before the grace ends, 2 the fallback. */
    dunningStage: smallint().notNull().default(0),
    canceledAt: timestamp({ withTimezone: true }),
    /** The provider's `created` of the state stored here: an older event never overwrites it. */
    providerUpdatedAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_user_unique').on(t.userId),
    uniqueIndex('subscriptions_provider_ref_unique').on(t.provider, t.providerRef),
    index('subscriptions_status_plan_idx').on(t.status, t.planId),
    check('subscriptions_plan_check', sql`${t.planId} in ('pro', 'equipe')`),
    check('subscriptions_interval_check', sql`${t.interval} in ('month', 'year')`),
    check('subscriptions_status_check', sql`${t.status} in ('incomplete', 'active', 'past_due', 'canceled')`),
  ],
);

/** Every webhook event handled, once: the unique id makes a replay a no-op in the same transaction. */
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  provider: text().$type<BillingProvider>().notNull(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A checkout started by a user (Stripe's `cs_…` or the sandbox's). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<BillingProvider>().notNull(),
    planId: text().$type<Exclude<PlanId, 'gratuit'>>().notNull(),
    interval: text().$type<BillingInterval>().notNull(),
    /** open | complete | expired */
    status: text().$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    url: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** One line of an invoice, amounts in cents HT. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmountHt: number;
  amountHt: number;
}

/** A paid period's invoice. `number` is F-YYYY-NNNNNN, consecutive within a year. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    number: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<BillingProvider>().notNull(),
    /** `in_…`: the provider's invoice (one of ours per provider invoice). */
    providerRef: text().notNull(),
    planId: text().$type<Exclude<PlanId, 'gratuit'>>().notNull(),
    interval: text().$type<BillingInterval>().notNull(),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    amountHt: integer().notNull(),
    vatAmount: integer().notNull(),
    amountTtc: integer().notNull(),
    currency: text().notNull().default('EUR'),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    paymentMethod: text().notNull(),
    buyer: jsonb().$type<BillingIdentity>().notNull(),
    /** Stripe's hosted invoice page. */
    hostedUrl: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_provider_ref_unique').on(t.provider, t.providerRef),
    index('invoices_user_idx').on(t.userId, t.paidAt),
  ],
);

/** The last invoice number given per year: taken with the invoice, in its transaction (no gap). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/** The sandbox provider's own objects (customers, subscriptions, invoices), as Stripe would keep them. */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text().primaryKey(),
    kind: text().$type<'customer' | 'subscription' | 'invoice'>().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [index('sandbox_objects_kind_idx').on(t.kind)],
);
