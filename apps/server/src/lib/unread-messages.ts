import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, messages, users } from '../db/schema';

/**
 * Messages sent to the user in their conversations that they have not read yet: a column of any
 * query joining `users` (the session lookup reads it with the user; `GET /api/v1/user` shows it).
 * Only in a query with a join: drizzle writes `"users"."id"` then, but a bare `"id"` in a one-table
 * select, which inside this subquery would name the message's id.
 */
export const unreadMessageCount = sql<number>`(
  select count(*)::int from messages m
  join conversation_participants cp on cp.conversation_id = m.conversation_id
  where cp.user_id = ${users.id} and m.sender_id is distinct from ${users.id}
    and (cp.last_read_at is null or m.created_at > cp.last_read_at)
)`;

/** The same count for one user, read afresh (after a message is sent or read). */
export async function unreadMessagesOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversationParticipants, eq(conversationParticipants.conversationId, messages.conversationId))
    .where(
      and(
        eq(conversationParticipants.userId, userId),
        sql`${messages.senderId} is distinct from ${userId}`,
        or(
          isNull(conversationParticipants.lastReadAt),
          sql`${messages.createdAt} > ${conversationParticipants.lastReadAt}`,
        ),
      ),
    );
  return row?.n ?? 0;
}
