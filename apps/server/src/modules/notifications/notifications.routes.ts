import {
  notificationListQuerySchema,
  notificationPageResponse,
  notificationPreferencesSchema,
  notificationReadSchema,
  notificationPreferencesResponse as preferencesResponse,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import {
  listNotifications,
  markNotificationsRead,
  preferencesOf,
  updateEmailPreferences,
} from './notifications.service';

const tags = ['notifications'];

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
        response: { 200: notificationPageResponse },
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
    async (request) => ({
      unreadCount: await markNotificationsRead(
        app.db,
        request.work,
        requireUser(request).id,
        request.body?.ids,
      ),
    }),
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
    async (request) => preferencesOf(app.db, requireUser(request).id),
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
