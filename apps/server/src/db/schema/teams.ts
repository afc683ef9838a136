import {
  boolean,
  index,
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
    ...timestamps,
  },
  (t) => [index('chats_team_idx').on(t.teamId)],
);

/** A one-to-one conversation between users. */
export const conversations = pgTable('conversations', {
  id: serial().primaryKey(),
  lastMessageAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

/** A message, either in a team chat or in a conversation. */
export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    chatId: integer().references(() => chats.id, { onDelete: 'cascade' }),
    conversationId: integer().references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    editedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.createdAt),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
  ],
);
