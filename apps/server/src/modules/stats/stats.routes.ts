import {
  forecastQuerySchema,
  periodQuerySchema,
  pipelineStages,
  selectablePipelineStages,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedCrm, followCrmInvalidations } from '../../lib/crm-cache';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { personResponse } from '../deals/deals.presenter';
import { forecastOf, statsOf } from './stats.service';

const tags = ['stats'];
const stage = z.enum(pipelineStages);
const breakdown = { wonCount: z.number(), revenueCents: z.number(), commissionCents: z.number() };

const statsResponse = z.object({
  role: z.enum(['freelancer', 'infopreneur']),
  from: z.string(),
  to: z.string(),
  dealsByStage: z.array(z.object({ status: stage, count: z.number() })),
  conversion: z.object({
    stages: z.array(
      z.object({
        from: stage,
        to: stage,
        reached: z.number(),
        advanced: z.number(),
        rate: z.number().nullable(),
      }),
    ),
    overall: z.object({ won: z.number(), lost: z.number(), rate: z.number().nullable() }),
  }),
  months: z.array(
    z.object({
      month: z.string(),
      wonCount: z.number(),
      revenueCents: z.number(),
      commissionCents: z.number(),
      activitiesDone: z.number(),
    }),
  ),
  totals: z.object({
    wonCount: z.number(),
    revenueCents: z.number(),
    commissionCents: z.number(),
    activitiesDone: z.number(),
  }),
  averageCycleDays: z.number().nullable(),
  byService: z
    .array(z.object({ service: z.object({ id: z.number(), name: z.string() }), ...breakdown }))
    .optional(),
  byFreelancer: z.array(z.object({ freelancer: personResponse, ...breakdown })).optional(),
});

const forecastResponse = z.object({
  horizons: z.array(
    z.object({
      days: z.union([z.literal(30), z.literal(60), z.literal(90)]),
      dealCount: z.number(),
      weightedCommissionCents: z.number(),
    }),
  ),
  stale: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      status: z.enum(selectablePipelineStages),
      daysInStage: z.number(),
      thresholdDays: z.number(),
      expectedCloseDate: z.string().nullable(),
      prospect: personResponse,
    }),
  ),
  staleTotal: z.number(),
});

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
