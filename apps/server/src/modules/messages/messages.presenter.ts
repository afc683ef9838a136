import type { Conversation, Message, MessagePage } from '@closia/shared';
import { z } from 'zod';
import { participantResponse } from '../../lib/participants';

export const messageResponse = z.object({
  id: z.number(),
  conversationId: z.number().nullable(),
  chatId: z.number().nullable(),
  sender: participantResponse.nullable(),
  body: z.string(),
  attachment: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<Message>;

export const messagePageResponse = z.object({
  data: z.array(messageResponse),
  meta: z.object({ perPage: z.number(), nextCursor: z.number().nullable() }),
}) satisfies z.ZodType<MessagePage>;

export const conversationResponse = z.object({
  id: z.number(),
  other: participantResponse,
  lastMessage: messageResponse.nullable(),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number(),
  otherLastReadAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<Conversation>;
