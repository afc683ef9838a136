/**
 * A team's chats: the default "Général" and those its creator and admins add. Messages are stored
 * like direct messages (messages.service); every member reads and writes them.
 */
import {
  channels,
  type Message,
  type MessageListQuery,
  type MessagePage,
  type TeamChat,
  type TeamChatInput,
} from '@closia/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { chats, messages } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Storage } from '../../plugins/storage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { getMessage, insertMessage, type MessageInput, messagePage } from '../messages/messages.service';
import { requireCapability, requireMember, teamChanged } from './teams.service';

function presentChat(row: typeof chats.$inferSelect): TeamChat {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    isDefault: row.isDefault,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The chat if it belongs to the team (else 404). */
async function chatOf(db: DbOrTx, teamId: number, chatId: number) {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, chatId), eq(chats.teamId, teamId)));
  if (!row) throw notFound('Chat');
  return row;
}

/** May the user read this chat: a member of its team, and the chat is the team's. */
export async function mayReadChat(
  db: DbOrTx,
  userId: number,
  teamId: number,
  chatId: number,
): Promise<boolean> {
  try {
    await requireMember(db, teamId, userId);
    await chatOf(db, teamId, chatId);
    return true;
  } catch {
    return false;
  }
}

export async function listChats(db: DbOrTx, userId: number, teamId: number): Promise<TeamChat[]> {
  await requireMember(db, teamId, userId);
  const rows = await db
    .select()
    .from(chats)
    .where(eq(chats.teamId, teamId))
    .orderBy(desc(chats.isDefault), asc(chats.name), asc(chats.id));
  return rows.map(presentChat);
}

export async function createChat(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  input: TeamChatInput,
): Promise<TeamChat> {
  await requireCapability(db, teamId, userId, 'manageChats');
  const [row] = await db.insert(chats).values({ teamId, name: input.name, createdById: userId }).returning();
  teamChanged(work, teamId, 'chats');
  return presentChat(row!);
}

export async function renameChat(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  chatId: number,
  input: TeamChatInput,
): Promise<TeamChat> {
  await requireCapability(db, teamId, userId, 'manageChats');
  await chatOf(db, teamId, chatId);
  const [row] = await db.update(chats).set({ name: input.name }).where(eq(chats.id, chatId)).returning();
  teamChanged(work, teamId, 'chats');
  return presentChat(row!);
}

/** Deletes a chat and its messages; whoever was reading it live is cut off. */
export async function deleteChat(
  db: Db,
  work: UnitOfWork,
  userId: number,
  teamId: number,
  chatId: number,
): Promise<void> {
  await requireCapability(db, teamId, userId, 'manageChats');
  const chat = await chatOf(db, teamId, chatId);
  if (chat.isDefault) throw conflict('The default chat cannot be deleted', 'DEFAULT_CHAT');
  await db.delete(chats).where(eq(chats.id, chatId));
  teamChanged(work, teamId, 'chats');
  work.revoke(null, channels.teamChat(teamId, chatId));
}

export async function chatMessages(
  db: DbOrTx,
  userId: number,
  teamId: number,
  chatId: number,
  query: MessageListQuery,
): Promise<MessagePage> {
  await requireMember(db, teamId, userId);
  await chatOf(db, teamId, chatId);
  return messagePage(db, eq(messages.chatId, chatId), query);
}

export async function sendChatMessage(
  db: Db,
  work: UnitOfWork,
  storage: Storage,
  userId: number,
  teamId: number,
  chatId: number,
  input: MessageInput,
): Promise<Message> {
  await requireCapability(db, teamId, userId, 'writeChats');
  await chatOf(db, teamId, chatId);
  const id = await db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, storage, { chatId }, userId, input);
    await tx.update(chats).set({ lastMessageAt: new Date() }).where(eq(chats.id, chatId));
    return messageId;
  });
  const message = await getMessage(db, id);
  work.broadcast(channels.teamChat(teamId, chatId), { type: 'message.created', message });
  return message;
}
