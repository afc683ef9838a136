import { date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { emptyTextArray, timestamps } from './columns';
import { missions, services } from './marketplace';
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
    /**
     * The names, e-mail and phone, unaccented and lower-cased (what the list's text search reads),
     * and the name alone (its sort by name): kept by a trigger (migration 0017) so that every writer
     * keeps them right. Never part of an answer.
     */
    searchText: text().notNull().default(''),
    sortName: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('prospects_owner_idx').on(t.ownerId, t.nextActivityAt),
    index('prospects_team_idx').on(t.teamId),
    // The list's orders (newest first, by name) as index walks of the owner's prospects.
    index('prospects_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsLast(), t.id.desc()),
    index('prospects_owner_name_idx').on(t.ownerId, t.sortName, t.id),
  ],
);

/** A prospect's next step: a task with a due date and a priority (low | medium | high). */
export const prospectActivities = pgTable(
  'prospect_activities',
  {
    id: serial().primaryKey(),
    prospectId: integer()
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** Who created it (the prospect's owner, or a team member). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    notes: text(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    priority: text().notNull().default('medium'),
    doneAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('prospect_activities_prospect_idx').on(t.prospectId, t.dueAt)],
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
    /** The setter who handed the deal to its owner (a closer); null when the owner worked it alone. */
    setterId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The service sold ("infopreneurFormationId"). */
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    /** The mission through which the seller may sell the service (null: the infopreneur's own offer). */
    missionId: integer().references(() => missions.id, { onDelete: 'set null' }),
    /** Sale amount in euro cents, set when the deal is won. */
    amountCents: integer(),
    lostReason: text(),
    /** When the deal entered its current stage ("days in stage", "à relancer"). */
    stageChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Won (Closed) or lost (Lost) at. */
    closedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    /**
     * The furthest funnel stage its status history shows (1 Prospecting … 6 FollowUp, 7 Closed; 0
     * none): kept by a trigger on `deal_histories` in the inserting transaction (migration
     * 0014), so that the stats' funnel reads one column instead of every deal's history.
     */
    historyStageRank: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('deals_owner_idx').on(t.ownerId, t.status),
    // The deals list's orders (latest change first, closing soonest) as walks of a seller's deals.
    index('deals_owner_updated_idx').on(t.ownerId, t.updatedAt.desc().nullsLast(), t.id.desc().nullsLast()),
    index('deals_owner_close_idx').on(
      t.ownerId,
      t.expectedCloseDate.asc().nullsLast(),
      t.id.desc().nullsLast(),
    ),
    index('deals_setter_idx').on(t.setterId),
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

/**
 * What a won deal earns its sellers, in euro cents: one line per beneficiary and instalment.
 * `pending` until its due date, `due` from then, `paid` when the infopreneur marks it,
 * `clawed_back` when the sale is refunded before it was paid.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    id: serial().primaryKey(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** The freelancer who earns it. */
    beneficiaryId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The infopreneur who owes it (the service's owner). */
    payerId: integer().references(() => users.id, { onDelete: 'set null' }),
    serviceId: integer().references(() => services.id, { onDelete: 'set null' }),
    /** setter | closer | seller (a lone seller earns the whole commission). */
    role: text().notNull(),
    /** 1-based instalment number, of `instalments`. */
    instalment: integer().notNull().default(1),
    instalments: integer().notNull().default(1),
    amountCents: integer().notNull(),
    dueOn: date().notNull(),
    /** pending | due | paid | clawed_back */
    status: text().notNull().default('pending'),
    paidAt: timestamp({ withTimezone: true }),
    clawedBackAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('commission_lines_deal_idx').on(t.dealId),
    // Each side's lines in the order `GET /commissions` pages them: due date, then id (keyset).
    index('commission_lines_beneficiary_idx').on(t.beneficiaryId, t.dueOn, t.id),
    index('commission_lines_payer_idx').on(t.payerId, t.dueOn, t.id),
  ],
);
