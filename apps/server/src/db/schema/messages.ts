import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { chats } from './teams';
import { users } from './users';

/** A one-to-one conversation between users. */
export const conversations = pgTable('conversations', {
  id: serial().primaryKey(),
  /** 'smallerId:largerId' of the two participants: one conversation per pair, even when both open it at once. */
  pairKey: text().unique(),
  lastMessageAt: timestamp({ withTimezone: true }),
  /**
   * The conversation's latest message (its greatest id), kept by a trigger on `messages` (migration
   * conversation_kept_counts): the list joins it instead of looking for it. No foreign key: the
   * trigger sets it again when that message goes.
   */
  lastMessageId: integer(),
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
    /**
     * Messages of the conversation this participant has not read: not sent by them, created after
     * `lastReadAt` (all when null). Kept by triggers in the writing transaction (migration
     * conversation_kept_counts): counted again when `lastReadAt` changes, ±1 when a message comes
     * or goes. Always equal to that count.
     */
    unreadCount: integer().notNull().default(0),
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
    /** An image sent with the message: its stored name and size (served to those who may read it). */
    attachment: jsonb().$type<{ name: string; width: number; height: number }>(),
    editedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.id),
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
  ],
);
