import { idParam } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { teamStatsResponse } from '../teams/teams.presenter';
import { teamStatsOf } from './team-stats';

/** A team's sales: its shared pipeline and each member's figures (the deals module owns sales). */
export const teamStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teams/:id/stats',
    {
      schema: {
        tags: ['teams'],
        summary:
          "The team's sales: its shared pipeline and each member's deals, revenue and commissions (members)",
        params: z.object({ id: idParam() }),
        response: { 200: teamStatsResponse },
      },
    },
    async (request) => {
      requireUser(request);
      return teamStatsOf(app.db, viewerOf(request.session)!, request.params.id);
    },
  );
};
