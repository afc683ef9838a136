import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, users } from '../db/schema';

/**
 * Messages sent to the user in their conversations that they have not read yet (not sent by them,
 * created after their `last_read_at`): the sum of the counts kept on their conversation rows
 * (`conversation_participants.unread_count`, kept by triggers: migration conversation_kept_counts).
 * A column of any query joining `users` (the session lookup reads it with the user; `GET
 * /api/v1/user` shows it). Only in a query with a join: drizzle writes `"users"."id"` then, but a
 * bare `"id"` in a one-table select.
 */
export const unreadMessageCount = sql<number>`(
  select coalesce(sum(cp.unread_count), 0)::int from conversation_participants cp
  where cp.user_id = ${users.id}
)`;

/** The same count for one user, read afresh (after a message is sent or read). */
export async function unreadMessagesOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationParticipants.unreadCount}), 0)::int` })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, userId));
  return row?.n ?? 0;
}
