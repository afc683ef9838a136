import { dashboardTodaySchema } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { todayOf } from './dashboard.service';

/** The dashboard's "today" page: one read-only answer, the caller's own rows only. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/today',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "What I have to handle today: a freelancer's overdue and today's activities, deals closing this week and commissions due to them; an infopreneur's applications to decide, offers under review and commissions they owe",
        response: { 200: dashboardTodaySchema },
      },
    },
    async (request) => {
      requireUser(request);
      return todayOf(app.db, viewerOf(request.session)!);
    },
  );
};
