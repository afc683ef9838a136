import { idParam, messageListQuerySchema, teamChatSchema } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import { messageForm, readMessageForm } from '../messages/message-form';
import { messagePageResponse, messageResponse } from '../messages/messages.presenter';
import {
  chatMessages,
  createChat,
  deleteChat,
  listChats,
  renameChat,
  sendChatMessage,
} from './team-chats.service';
import { listOf, teamChatResponse } from './teams.presenter';

const tags = ['teams'];
const teamParams = z.object({ id: idParam() });
const chatParams = z.object({ id: idParam(), chatId: idParam() });

/** A team's chats and their messages (members; chats managed by the creator and admins). */
export const teamChatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teams/:id/chats',
    {
      schema: {
        tags,
        summary: "The team's chats (members)",
        params: teamParams,
        response: { 200: listOf(teamChatResponse) },
      },
    },
    async (request) => ({ data: await listChats(app.db, requireUser(request).id, request.params.id) }),
  );

  app.post(
    '/teams/:id/chats',
    {
      schema: {
        tags,
        summary: 'Add a chat (creator and admins)',
        params: teamParams,
        body: teamChatSchema,
        response: { 201: teamChatResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createChat(app.db, request.work, requireUser(request).id, request.params.id, request.body),
        ),
  );

  app.put(
    '/teams/:id/chats/:chatId',
    {
      schema: {
        tags,
        summary: 'Rename a chat (creator and admins)',
        params: chatParams,
        body: teamChatSchema,
        response: { 200: teamChatResponse },
      },
    },
    async (request) => {
      const { id, chatId } = request.params;
      return renameChat(app.db, request.work, requireUser(request).id, id, chatId, request.body);
    },
  );

  app.delete(
    '/teams/:id/chats/:chatId',
    {
      schema: {
        tags,
        summary: 'Delete a chat and its messages (creator and admins; not the default one)',
        params: chatParams,
      },
    },
    async (request, reply) => {
      const { id, chatId } = request.params;
      await deleteChat(app.db, request.work, requireUser(request).id, id, chatId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/teams/:id/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'Messages of a chat, newest first; meta.nextCursor fetches the older ones',
        params: chatParams,
        querystring: messageListQuerySchema,
        response: { 200: messagePageResponse },
      },
    },
    async (request) =>
      chatMessages(app.db, requireUser(request).id, request.params.id, request.params.chatId, request.query),
  );

  app.post(
    '/teams/:id/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'Write in a chat: JSON { body } (1–5,000 characters) or multipart (body, image)',
        consumes: ['application/json', 'multipart/form-data'],
        params: chatParams,
        body: messageForm,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      const { id, chatId } = request.params;
      const input = await readMessageForm(request, request.body);
      const user = requireUser(request);
      const message = await sendChatMessage(app.db, request.work, app.storage, user.id, id, chatId, input);
      return reply.code(201).send(message);
    },
  );
};
