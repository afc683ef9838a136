import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
