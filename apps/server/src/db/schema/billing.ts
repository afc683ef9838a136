import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export const plans = pgTable(
  'plans',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text(),
    priceMonthly: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    currency: text().notNull().default('EUR'),
    features: jsonb().$type<string[]>().notNull().default([]),
    limits: jsonb().$type<Record<string, number | null>>().notNull().default({}),
    active: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('plans_slug_unique').on(t.slug)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => plans.id),
    /** pending | active | past_due | canceled */
    status: text().notNull().default('pending'),
    provider: text().notNull(), // stripe | sandbox
    providerRef: text(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    uniqueIndex('subscriptions_provider_ref_unique').on(t.providerRef),
  ],
);
