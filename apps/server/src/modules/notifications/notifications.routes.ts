import {
  notificationCategories,
  notificationListQuerySchema,
  notificationPreferencesSchema,
  notificationReadSchema,
  notificationTypes,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationMetaResponse } from '../../lib/pagination';
import { participantResponse } from '../../lib/participants';
import { requireUser } from '../../plugins/session';
import {
  emailPreferences,
  listNotifications,
  markNotificationsRead,
  updateEmailPreferences,
} from './notifications.service';

const tags = ['notifications'];

const notificationResponse = z.object({
  id: z.number(),
  type: z.enum(notificationTypes),
  category: z.enum(notificationCategories),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  actor: participantResponse.nullable(),
  count: z.number(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
const preferencesResponse = z.object({
  email: z.record(z.enum(notificationCategories), z.boolean()),
});

/** The notification centre and its e-mail preferences. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first (unread=1: only the unread ones); meta.unreadCount',
        querystring: notificationListQuerySchema,
        response: {
          200: z.object({
            data: z.array(notificationResponse),
            meta: paginationMetaResponse.extend({ unreadCount: z.number() }),
          }),
        },
      },
    },
    async (request) => listNotifications(app.db, requireUser(request).id, request.query),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark these notifications read (ids), or all of them',
        body: notificationReadSchema.nullish(),
        response: { 200: z.object({ unreadCount: z.number() }) },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const unreadCount = await markNotificationsRead(app.db, userId, request.body?.ids);
      app.realtime.broadcast(`users/${userId}`, { type: 'notifications.read', unreadCount });
      return { unreadCount };
    },
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Which categories I also receive by e-mail',
        response: { 200: preferencesResponse },
      },
    },
    async (request) => ({ email: await emailPreferences(app.db, requireUser(request).id) }),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Choose which categories also go by e-mail (the ones sent change)',
        body: notificationPreferencesSchema,
        response: { 200: preferencesResponse },
      },
    },
    async (request) => updateEmailPreferences(app.db, requireUser(request).id, request.body.email),
  );
};
