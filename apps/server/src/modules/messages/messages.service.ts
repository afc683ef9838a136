/**
 * Messages: one-to-one conversations, and the storage of every message (team chats write and
 * read theirs through `insertMessage` / `messagePage`). Each message is committed before anyone
 * is told of it; the unread count on the user (`GET /user`) is invalidated with every change.
 */
import {
  type Conversation,
  type ConversationListQuery,
  channels,
  errorCodes,
  type Message,
  type MessageListQuery,
  type MessagePage,
  type Paginated,
  type Participant,
} from '@closia/shared';
import {
  type AnyColumn,
  and,
  count,
  desc,
  eq,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  chats,
  conversationParticipants,
  conversations,
  messages,
  profiles,
  teamMembers,
  users,
} from '../../db/schema';
import { AppError, fieldError, fieldIssue, notFound, refusal } from '../../lib/errors';
import { wordsMatch } from '../../lib/name-search';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import {
  participantAlias,
  participantColumns,
  presentOptionalParticipant,
  presentParticipant,
} from '../../lib/participants';
import { preparedPerDatabase } from '../../lib/prepared';
import { unreadMessagesOf } from '../../lib/unread-messages';
import type { Session } from '../../plugins/session';
import type { Storage } from '../../plugins/storage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { markGroupRead } from '../notifications/notifications.service';
import { storeAttachment } from '../pictures/pictures.service';

/** The spec's `messages` guard: a verified e-mail and a finished onboarding (admins need no profile). */
export function requireMessaging(session: Session | null): Session {
  if (!session) throw new AppError(401, errorCodes.unauthorized, 'Unauthorized access');
  if (!session.user.emailVerifiedAt)
    throw new AppError(
      403,
      errorCodes.emailNotVerified,
      'Verify your e-mail address to use messages',
      undefined,
      'EMAIL_NOT_VERIFIED',
    );
  const finished = session.profile?.finishedProfileSetup ?? false;
  if (!finished && !(session.user.admin && !session.profile))
    throw new AppError(
      403,
      errorCodes.onboardingRequired,
      'Finish your onboarding to use messages',
      undefined,
      'ONBOARDING_REQUIRED',
    );
  return session;
}

/** What a sent message carries: its text and an optional image (already read from the request). */
export interface MessageInput {
  body: string;
  image?: Buffer | null;
}

const sender = participantAlias('sender');

function selectMessages(db: DbOrTx) {
  return db
    .select({ message: messages, sender: sender.columns })
    .from(messages)
    .leftJoin(sender.user, sender.on(messages.senderId))
    .leftJoin(sender.profile, sender.profileOn);
}
type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

export const attachmentPath = (messageId: number) => `/api/v1/messages/${messageId}/attachment`;

function presentMessage({ message: m, sender: s }: MessageRow): Message {
  return {
    id: m.id,
    conversationId: m.conversationId,
    chatId: m.chatId,
    sender: presentOptionalParticipant(s),
    body: m.body,
    attachment: m.attachment
      ? { url: attachmentPath(m.id), width: m.attachment.width, height: m.attachment.height }
      : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** A page of messages where `where` holds, newest first, before the `cursor` message. */
export async function messagePage(db: DbOrTx, where: SQL, query: MessageListQuery): Promise<MessagePage> {
  const rows = await selectMessages(db)
    .where(and(where, query.cursor ? lt(messages.id, query.cursor) : undefined))
    .orderBy(desc(messages.id))
    .limit(query.perPage + 1);
  const more = rows.length > query.perPage;
  const page = rows.slice(0, query.perPage);
  return {
    data: page.map(presentMessage),
    meta: { perPage: query.perPage, nextCursor: more ? (page.at(-1)?.message.id ?? null) : null },
  };
}

export async function getMessage(db: DbOrTx, id: number): Promise<Message> {
  const [row] = await selectMessages(db).where(eq(messages.id, id));
  if (!row) throw notFound('Message');
  return presentMessage(row);
}

/**
 * Checks a message's text (1–5,000 characters, or empty with an image), stores its image, and
 * inserts it. The image is stored first: a failure leaves no message pointing at nothing.
 */
export async function insertMessage(
  tx: DbOrTx,
  storage: Storage,
  target: { conversationId: number } | { chatId: number },
  senderId: number,
  input: MessageInput,
): Promise<number> {
  const body = input.body.trim();
  if (!body && !input.image) throw fieldError('body', 'required');
  const attachment = input.image ? await storeAttachment(storage, input.image) : null;
  const [row] = await tx
    .insert(messages)
    .values({ ...target, senderId, body, attachment })
    .returning({ id: messages.id });
  return row!.id;
}

/** A message's stored image, if the user may read the message (a participant, a team member). */
export async function attachmentFor(db: DbOrTx, userId: number, messageId: number): Promise<string | null> {
  const [row] = await db
    .select({ attachment: messages.attachment })
    .from(messages)
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .leftJoin(chats, eq(chats.id, messages.chatId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, chats.teamId), eq(teamMembers.userId, userId)))
    .where(
      and(
        eq(messages.id, messageId),
        or(isNotNull(conversationParticipants.userId), isNotNull(teamMembers.userId)),
      ),
    );
  return row?.attachment?.name ?? null;
}

// ------------------------------------------------------------------------------ conversations

/** The conversation if the user takes part in it (else 404: ids cannot be probed). */
export async function requireParticipant(db: DbOrTx, userId: number, conversationId: number) {
  const [row] = await db
    .select({ conversationId: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
  if (!row) throw notFound('Conversation');
}

export async function isParticipant(db: DbOrTx, userId: number, conversationId: number): Promise<boolean> {
  try {
    await requireParticipant(db, userId, conversationId);
    return true;
  } catch {
    return false;
  }
}

const other = participantAlias('other');
const mine = conversationParticipants;
const theirs = alias(conversationParticipants, 'theirs');

/**
 * Joins to the user's conversation rows (`mine`) the conversation and the other participant.
 * Every conversation has its other participant (a deleted user's rows go with them): an inner join.
 */
function withOther<T extends PgSelect>(query: T) {
  return query
    .innerJoin(conversations, eq(conversations.id, mine.conversationId))
    .innerJoin(theirs, and(eq(theirs.conversationId, conversations.id), ne(theirs.userId, mine.userId)))
    .innerJoin(other.user, other.on(theirs.userId))
    .leftJoin(other.profile, other.profileOn);
}

/**
 * A conversation's last message and its sender, joined on the kept `last_message_id` (a trigger
 * keeps it: migration conversation_kept_counts).
 */
function withLastMessage<T extends PgSelect>(query: T, lastMessageId: AnyColumn | SQL.Aliased) {
  return query
    .leftJoin(messages, eq(messages.id, lastMessageId))
    .leftJoin(sender.user, sender.on(messages.senderId))
    .leftJoin(sender.profile, sender.profileOn);
}

/**
 * Conversation rows as the lists answer them, in one query: the other person, the last message
 * with its sender, the user's unread count (kept on `mine`), and `total`, the rows of the filter
 * (window).
 */
function selectConversations(db: DbOrTx) {
  return withLastMessage(
    withOther(
      db
        .select({
          conversation: {
            id: conversations.id,
            lastMessageAt: conversations.lastMessageAt,
            createdAt: conversations.createdAt,
          },
          other: other.columns,
          otherLastReadAt: theirs.lastReadAt,
          unreadCount: mine.unreadCount,
          total: sql<number>`(count(*) over ())::int`,
          message: messages,
          sender: sender.columns,
        })
        .from(mine)
        .$dynamic(),
    ),
    conversations.lastMessageId,
  );
}
type ConversationRow = Awaited<ReturnType<ReturnType<typeof selectConversations>['execute']>>[number];

const activity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
const latestFirst = [desc(activity), desc(conversations.id)];

/**
 * A page of the user's conversations with the total (no search), in one query prepared once per
 * database: the page is chosen first from the participant rows alone (the window counts them all),
 * then only its rows are joined to their people and last message.
 */
const conversationPage = preparedPerDatabase((db) => {
  const page = db
    .select({
      id: conversations.id,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      lastMessageId: conversations.lastMessageId,
      unreadCount: mine.unreadCount,
      otherId: sql<number>`${theirs.userId}`.as('other_id'),
      otherLastReadAt: sql<Date | null>`${theirs.lastReadAt}`
        .mapWith(theirs.lastReadAt)
        .as('other_last_read_at'),
      activity: activity.as('activity'),
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(mine)
    .innerJoin(conversations, eq(conversations.id, mine.conversationId))
    .innerJoin(theirs, and(eq(theirs.conversationId, conversations.id), ne(theirs.userId, mine.userId)))
    .where(eq(mine.userId, sql.placeholder('userId')))
    .orderBy(...latestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return withLastMessage(
    db
      .select({
        conversation: { id: page.id, lastMessageAt: page.lastMessageAt, createdAt: page.createdAt },
        other: other.columns,
        otherLastReadAt: page.otherLastReadAt,
        unreadCount: page.unreadCount,
        total: page.total,
        message: messages,
        sender: sender.columns,
      })
      .from(page)
      .innerJoin(other.user, eq(other.user.id, page.otherId))
      .leftJoin(other.profile, other.profileOn)
      .$dynamic(),
    page.lastMessageId,
  )
    .orderBy(desc(page.activity), desc(page.id))
    .prepare('conversation_page');
});

function presentConversation(row: ConversationRow): Conversation {
  return {
    id: row.conversation.id,
    other: presentParticipant(row.other),
    lastMessage: row.message ? presentMessage({ message: row.message, sender: row.sender }) : null,
    lastMessageAt: row.conversation.lastMessageAt?.toISOString() ?? null,
    unreadCount: row.unreadCount,
    otherLastReadAt: row.otherLastReadAt?.toISOString() ?? null,
    createdAt: row.conversation.createdAt.toISOString(),
  };
}

// Response schemas of messages and conversations (shared with the web's types).
export { conversationResponse, messagePageResponse, messageResponse } from '@closia/shared';

/**
 * A page of the user's conversations, latest activity first. The page carries its total (a
 * window count, one scan); only a page past the end counts again, having no row to carry it.
 */
export async function listConversations(
  db: DbOrTx,
  userId: number,
  query: ConversationListQuery,
): Promise<Paginated<Conversation>> {
  const words = wordsMatch([other.user.firstName, other.user.lastName], query.query);
  const rows: ConversationRow[] = words
    ? await selectConversations(db)
        .where(and(eq(mine.userId, userId), words))
        .orderBy(...latestFirst)
        .limit(query.perPage)
        .offset(offsetOf(query))
    : await conversationPage(db).execute({ userId, limit: query.perPage, offset: offsetOf(query) });
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await withOther(db.select({ n: count() }).from(mine).$dynamic()).where(
      and(eq(mine.userId, userId), words),
    );
    total = counted?.n ?? 0;
  }
  return { data: rows.map(presentConversation), meta: paginationMeta(total, query) };
}

export async function getConversation(db: DbOrTx, userId: number, id: number): Promise<Conversation> {
  const [row] = await selectConversations(db).where(and(eq(mine.userId, userId), eq(conversations.id, id)));
  if (!row) throw notFound('Conversation');
  return presentConversation(row);
}

/** The one-to-one conversation of two users, created on first use; `created` tells which. */
export async function openConversation(
  db: Db,
  userId: number,
  otherId: number,
): Promise<{ conversation: Conversation; created: boolean }> {
  if (otherId === userId)
    throw refusal('SELF_MESSAGE', [
      fieldIssue('userId', 'notSameAs', 'You cannot write to yourself', { otherField: 'me' }),
    ]);
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, otherId), isNull(users.suspendedAt)));
  if (!target) throw notFound('User');
  const pairKey = `${Math.min(userId, otherId)}:${Math.max(userId, otherId)}`;
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({ pairKey })
      .onConflictDoNothing({ target: conversations.pairKey })
      .returning({ id: conversations.id });
    if (!row) return false;
    await tx.insert(conversationParticipants).values([
      { conversationId: row.id, userId },
      { conversationId: row.id, userId: otherId },
    ]);
    return true;
  });
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.pairKey, pairKey));
  return { conversation: await getConversation(db, userId, existing!.id), created };
}

/** Who else takes part in the conversation. */
export async function otherParticipantOf(db: DbOrTx, userId: number, conversationId: number) {
  const [row] = await db
    .select(participantColumns)
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        ne(conversationParticipants.userId, userId),
      ),
    );
  return row ?? null;
}

export const conversationGroupKey = (conversationId: number) => `conversation:${conversationId}`;

/**
 * After a change of what the user has read or received (committed): their cached session (which
 * carries the unread count) is forgotten and every tab of theirs hears the fresh count.
 */
async function unreadChanged(db: DbOrTx, work: UnitOfWork, userId: number, conversationId: number) {
  const unreadMessageCount = await unreadMessagesOf(db, userId);
  work.forget({ user: userId });
  work.broadcast(channels.user(userId), { type: 'unread-messages', unreadMessageCount, conversationId });
  return unreadMessageCount;
}

/** A conversation's messages, newest first, for one of its participants. */
export async function conversationMessages(
  db: DbOrTx,
  userId: number,
  conversationId: number,
  query: MessageListQuery,
): Promise<MessagePage> {
  await requireParticipant(db, userId, conversationId);
  return messagePage(db, eq(messages.conversationId, conversationId), query);
}

/**
 * Sends a message in a conversation and notifies the other participant (committed together);
 * then both hear of it live.
 */
export async function sendDirectMessage(
  db: Db,
  work: UnitOfWork,
  storage: Storage,
  author: { id: number; firstName: string; lastName: string },
  conversationId: number,
  input: MessageInput,
): Promise<Message> {
  await requireParticipant(db, author.id, conversationId);
  const recipient = await otherParticipantOf(db, author.id, conversationId);
  const id = await db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, storage, { conversationId }, author.id, input);
    const now = new Date();
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversationId));
    // Writing is reading: my own conversation is read up to my message.
    await tx
      .update(conversationParticipants)
      .set({ lastReadAt: now })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, author.id),
        ),
      );
    if (recipient) {
      const name = `${author.firstName} ${author.lastName}`;
      const preview = input.body.trim() ? truncate(input.body.trim(), 140) : 'Image';
      const link = `/dashboard/messages/${conversationId}`;
      await work.notify(tx, {
        userId: recipient.id,
        type: 'message',
        actorId: author.id,
        title: `${name} vous a écrit`,
        body: preview,
        link,
        groupKey: conversationGroupKey(conversationId),
        mail: {
          subject: `Nouveau message de ${name}`,
          text: `Bonjour ${recipient.firstName},\n\n${name} vous a envoyé un message sur Closia :\n\n« ${preview} »\n\nRépondez-lui :\n${work.appUrl}${link}\n\nL'équipe Closia`,
          link: `${work.appUrl}${link}`,
        },
      });
    }
    return messageId;
  });
  const message = await getMessage(db, id);
  work.broadcast(channels.conversation(conversationId), { type: 'message.created', message });
  await unreadChanged(db, work, author.id, conversationId);
  if (recipient) await unreadChanged(db, work, recipient.id, conversationId);
  return message;
}

/**
 * Marks the conversation read for the user (now): the other participant sees the receipt, the
 * conversation's notification is read too; answers the user's unread message count.
 */
export async function readConversation(
  db: DbOrTx,
  work: UnitOfWork,
  userId: number,
  conversationId: number,
): Promise<number> {
  await requireParticipant(db, userId, conversationId);
  const now = new Date();
  await db
    .update(conversationParticipants)
    .set({ lastReadAt: now })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
  work.broadcast(channels.conversation(conversationId), {
    type: 'conversation.read',
    conversationId,
    userId,
    lastReadAt: now.toISOString(),
  });
  await markGroupRead(db, work, userId, conversationGroupKey(conversationId));
  return unreadChanged(db, work, userId, conversationId);
}

/** People one may write to (or invite): a finished onboarding, not suspended, not oneself. */
export async function searchPeople(
  db: DbOrTx,
  userId: number,
  query: { query?: string; perPage: number },
): Promise<Participant[]> {
  const rows = await db
    .select(participantColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        ne(users.id, userId),
        isNull(users.suspendedAt),
        eq(profiles.finishedProfileSetup, true),
        wordsMatch([users.firstName, users.lastName], query.query),
      ),
    )
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(query.perPage);
  return rows.map(presentParticipant);
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
