import { freelancerSearchSchema } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freelancersChanged } from '../../lib/listing-changes';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { freelancerSearchResponse } from './freelancers.presenter';
import { searchFreelancers } from './freelancers.service';

/** `/app/search`: setters, closers and setter-closers with a finished profile. */
export const freelancersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every write to a user or a profile, on any instance, makes the cached searches stale.
  app.invalidation.onInvalidate((message) => {
    if (message.scope === 'user' || message.scope === 'all') freelancersChanged(app.db);
  });
  app.get(
    '/freelancers',
    {
      schema: {
        tags: ['freelancers'],
        summary:
          'Search finished setter/closer profiles (signed-in users); missionId (one of my missions) ranks by match with reasons',
        querystring: freelancerSearchSchema,
        response: { 200: freelancerSearchResponse },
      },
    },
    async (request) => {
      requireUser(request);
      return searchFreelancers(app.db, viewerOf(request.session)!, request.query);
    },
  );
};
