import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/** Admin-managed work sectors; user proposals start unapproved (spec §3). */
export const workSectors = pgTable(
  'work_sectors',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    approved: boolean().notNull().default(false),
    proposedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('work_sectors_name_unique').on(sql`lower(${t.name})`)],
);

/** Admin-managed sales skills (validated items). */
export const skills = pgTable(
  'skills',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    isValidated: boolean().notNull().default(false),
    proposedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('skills_name_unique').on(sql`lower(${t.name})`)],
);

/** Other admin-validated named entries, by kind (e.g. `formation` for the formations catalogue). */
export const validatedItems = pgTable(
  'validated_items',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    name: text().notNull(),
    isValidated: boolean().notNull().default(false),
    proposedById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('validated_items_kind_name_unique').on(t.kind, sql`lower(${t.name})`)],
);

/**
 * Users who proposed a pending reference item besides its first proposer (`proposedById`): proposing a
 * name that is already another user's pending proposal makes it usable by both (kind: work_sector |
 * skill | formation; `itemId` is the id in that kind's table).
 */
export const referenceProposers = pgTable(
  'reference_proposers',
  {
    kind: text().notNull(),
    itemId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.userId] })],
);

/**
 * Every word of the searchable texts (offers, missions, profiles), unaccented and lower-cased,
 * added by the search triggers (migration 0005). A misspelt query word is corrected against this
 * short list (trigram similarity, GIN indexed) before the full-text search runs.
 */
export const searchWords = pgTable('search_words', { word: text().primaryKey() });
