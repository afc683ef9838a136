import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { emptyTextArray, timestamps } from './columns';
import { services } from './marketplace';
import { teams } from './teams';
import { users } from './users';

export const prospects = pgTable(
  'prospects',
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    firstName: text().notNull(),
    lastName: text(),
    contactLinks: text().array().notNull().default(emptyTextArray),
    observations: text(),
    email: text(),
    phone: text(),
    customFields: jsonb().$type<Record<string, string>>().notNull().default({}),
    nextActivityAt: timestamp({ withTimezone: true }),
    /** Contact status (prospect contact status enumeration). */
    state: text(),
    /** Qualification (lead stage enumeration). */
    leadStage: text(),
    ...timestamps,
  },
  (t) => [index('prospects_owner_idx').on(t.ownerId), index('prospects_team_idx').on(t.teamId)],
);

export const deals = pgTable(
  'deals',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    observations: text(),
    /** Pipeline stage: Prospecting … Lost (R2 stored as Role). */
    status: text().notNull().default('Prospecting'),
    expectedCloseDate: date(),
    probability: integer(),
    prospectId: integer()
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    /** The service sold ("infopreneurFormationId"). */
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    amount: numeric({ precision: 12, scale: 2, mode: 'number' }),
    commission: numeric({ precision: 12, scale: 2, mode: 'number' }),
    lostReason: text(),
    closedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('deals_owner_idx').on(t.ownerId, t.status),
    index('deals_prospect_idx').on(t.prospectId),
    index('deals_team_idx').on(t.teamId),
    index('deals_service_idx').on(t.serviceId),
  ],
);

/** One row per change of a deal's stage, probability or owner. */
export const dealHistories = pgTable(
  'deal_histories',
  {
    id: serial().primaryKey(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    field: text().notNull(), // status | probability | owner
    fromValue: text(),
    toValue: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_histories_deal_idx').on(t.dealId, t.createdAt)],
);
