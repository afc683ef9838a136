import {
  channelPatterns,
  conversationCreateSchema,
  conversationListQuerySchema,
  idParam,
  limits,
  messageListQuerySchema,
  textField,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { paginationMetaResponse, queryInt } from '../../lib/pagination';
import { participantResponse } from '../../lib/participants';
import { requireUser } from '../../plugins/session';
import { readAttachment } from '../pictures/pictures.service';
import { acceptMessageForms, messageForm, readMessageForm } from './message-form';
import { conversationResponse, messagePageResponse, messageResponse } from './messages.presenter';
import {
  attachmentFor,
  conversationMessages,
  getConversation,
  isParticipant,
  listConversations,
  openConversation,
  readConversation,
  requireMessaging,
  searchPeople,
  sendDirectMessage,
} from './messages.service';

const tags = ['messages'];
const idParams = z.object({ id: idParam() });

/** Direct messages (one-to-one conversations), message attachments and the people picker. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMessageForms(app);

  app.realtime.authorize(channelPatterns.conversation, (userId, [id]) =>
    isParticipant(app.db, userId, Number(id)),
  );

  // The messages guard (verified e-mail, finished onboarding) on every conversation route.
  const guarded = {
    onRequest: async (request: FastifyRequest) => {
      requireUser(request);
      requireMessaging(request.session);
    },
  };

  app.get(
    '/conversations',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'My conversations, latest activity first, with the other person, last message and unread count',
        querystring: conversationListQuerySchema,
        response: { 200: z.object({ data: z.array(conversationResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listConversations(app.db, requireUser(request).id, request.query),
  );

  app.post(
    '/conversations',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The conversation with this user: found (200) or created (201)',
        body: conversationCreateSchema,
        response: { 200: conversationResponse, 201: conversationResponse },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await openConversation(
        app.db,
        requireUser(request).id,
        request.body.userId,
      );
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One of my conversations',
        params: idParams,
        response: { 200: conversationResponse },
      },
    },
    async (request) => getConversation(app.db, requireUser(request).id, request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Messages, newest first; meta.nextCursor fetches the older ones',
        params: idParams,
        querystring: messageListQuerySchema,
        response: { 200: messagePageResponse },
      },
    },
    async (request) =>
      conversationMessages(app.db, requireUser(request).id, request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Send a message: JSON { body } (1–5,000 characters) or multipart (body, image)',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParams,
        body: messageForm,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      const input = await readMessageForm(request, request.body);
      const message = await sendDirectMessage(
        app.db,
        request.work,
        app.storage,
        requireUser(request),
        request.params.id,
        input,
      );
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'I have read the conversation up to now; answers my unread message count',
        params: idParams,
        response: { 200: z.object({ unreadMessageCount: z.number() }) },
      },
    },
    async (request) => ({
      unreadMessageCount: await readConversation(
        app.db,
        request.work,
        requireUser(request).id,
        request.params.id,
      ),
    }),
  );

  app.get(
    '/messages/:id/attachment',
    {
      schema: {
        tags,
        summary: 'The image sent with a message (to those who may read the message)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const name = await attachmentFor(app.db, user.id, request.params.id);
      const data = name ? await readAttachment(app.storage, name) : null;
      if (!data) throw notFound('File');
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return reply.type('image/webp').send(data);
    },
  );

  app.get(
    '/users/search',
    {
      schema: {
        tags,
        summary: 'People to write to or invite: name search among finished profiles',
        querystring: z.object({
          query: textField().trim().max(limits.searchQueryMaxLength).optional(),
          perPage: queryInt(1, 50).default(20),
        }),
        response: { 200: z.object({ data: z.array(participantResponse) }) },
      },
    },
    async (request) => ({ data: await searchPeople(app.db, requireUser(request).id, request.query) }),
  );
};
