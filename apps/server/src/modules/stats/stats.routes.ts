import { forecastQuerySchema, forecastResponse, periodQuerySchema, statsResponse } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedCrm, followCrmInvalidations } from '../../lib/crm-cache';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { forecastOf, statsOf } from './stats.service';

const tags = ['stats'];

/** Sales statistics and the commission forecast. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route is for signed-in users: anonymous callers get 401 before their input is read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  followCrmInvalidations(app);

  app.get(
    '/stats',
    {
      schema: {
        tags,
        summary:
          'My sales figures for a period (default: the last 12 months): stages, conversion, revenue, commissions, activities; per offer and freelancer for an infopreneur',
        querystring: periodQuerySchema,
        response: { 200: statsResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.session)!;
      return cachedCrm(app.db, 'stats', viewer.id, request.query, () =>
        statsOf(app.db, viewer, request.query),
      );
    },
  );

  app.get(
    '/stats/forecast',
    {
      schema: {
        tags,
        summary:
          'My weighted commissions expected within 30, 60 and 90 days, and the open deals to follow up ("à relancer")',
        querystring: forecastQuerySchema,
        response: { 200: forecastResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.session)!;
      const { staleDays, staleLimit } = request.query;
      return cachedCrm(app.db, 'forecast', viewer.id, request.query, () =>
        forecastOf(app.db, viewer, staleDays, staleLimit),
      );
    },
  );
};
