import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export const teams = pgTable('teams', {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text(),
  avatar: text(),
  createdById: integer().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** creator | admin | member */
    role: text().notNull().default('member'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_unique').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
    // One creator per team (a transfer demotes the former creator in the same transaction).
    uniqueIndex('team_members_one_creator').on(t.teamId).where(sql`role = 'creator'`),
  ],
);

export const teamEvents = pgTable(
  'team_events',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    startTime: timestamp({ withTimezone: true }).notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    location: text(),
    link: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('team_events_team_idx').on(t.teamId, t.startTime)],
);

/**
 * An invitation to join a team: of a user of Closia (`inviteeId`), or of an e-mail address that
 * has no account yet (`email`; it reaches the account registered with it). At most one pending
 * invitation per team and person.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    inviteeId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased; set for invitations by e-mail. */
    email: text(),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** pending | accepted | declined | cancelled */
    status: text().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('team_invitations_team_idx').on(t.teamId, t.status),
    index('team_invitations_invitee_idx').on(t.inviteeId, t.status),
    index('team_invitations_email_idx').on(t.email, t.status),
    uniqueIndex('team_invitations_pending_user')
      .on(t.teamId, t.inviteeId)
      .where(sql`status = 'pending' and invitee_id is not null`),
    uniqueIndex('team_invitations_pending_email')
      .on(t.teamId, t.email)
      .where(sql`status = 'pending' and email is not null`),
  ],
);

/** A team's chat room; every team has a default "Général" chat. */
export const chats = pgTable(
  'chats',
  {
    id: serial().primaryKey(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('chats_team_idx').on(t.teamId)],
);
