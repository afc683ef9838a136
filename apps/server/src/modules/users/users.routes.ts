import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationQuery } from '../../lib/pagination';
import { requireUser } from '../../plugins/session';
import { activityResponse, currentUserResponse, paginationMeta } from './users.presenter';
import { getCurrentUser, listActivities } from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user (401 when anonymous)',
        response: { 200: currentUserResponse },
      },
    },
    async (request) => getCurrentUser(app.db, requireUser(request)),
  );

  app.get(
    '/user/activities',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's activity timeline, newest first",
        querystring: paginationQuery,
        response: { 200: z.object({ data: z.array(activityResponse), meta: paginationMeta }) },
      },
    },
    async (request) => listActivities(app.db, requireUser(request).id, request.query),
  );
};
