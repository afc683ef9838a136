import {
  adminRoadmapItemResponse,
  adminRoadmapListQuerySchema,
  idParam,
  paginated,
  roadmapDeclineSchema,
  roadmapItemResponse,
  roadmapItemSchema,
  roadmapItemUpdateSchema,
  roadmapLimits,
  roadmapListQuerySchema,
  roadmapSuggestionSchema,
  roadmapVoteResponse,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../lib/viewer';
import { requireAdmin, requireUser } from '../../plugins/session';
import { listRoadmap, suggestIdea, voteFor } from './roadmap.service';
import {
  type AdminAct,
  acceptSuggestion,
  createRoadmapItem,
  declineRoadmapItem,
  deleteRoadmapItem,
  listAdminRoadmap,
  updateRoadmapItem,
} from './roadmap-admin.service';

const idParams = z.object({ id: idParam() });
const tags = ['roadmap'];

/** The public road map with its votes and suggestions, and its administration (issue 22 §2). */
export const roadmapRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = (request: FastifyRequest) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };
  const asAdmin = (request: FastifyRequest): AdminAct => {
    requireAdmin(request);
    return { admin: viewerOf(request.session)!, ip: request.ip };
  };
  const suggestionsPerUser = app.limitBy(
    { limit: roadmapLimits.suggestionsPerHour, windowMs: 3600_000 },
    (request) => `roadmap-suggestion:user:${request.session?.user.id ?? request.ip}`,
  );

  app.get(
    '/roadmap',
    {
      schema: {
        tags,
        summary:
          'The public road map (anyone): planned, in-progress and shipped ideas, one column or all, most voted or newest first',
        querystring: roadmapListQuerySchema,
        response: { 200: paginated(roadmapItemResponse) },
      },
    },
    async (request) => listRoadmap(app.db, viewerOf(request.session), request.query),
  );

  for (const method of ['put', 'delete'] as const) {
    app[method](
      '/roadmap/:id/vote',
      {
        schema: {
          tags,
          summary:
            method === 'put'
              ? 'Vote for a public idea: planned, in progress or shipped (once; idempotent)'
              : 'Take back a vote (idempotent)',
          params: idParams,
          response: { 200: roadmapVoteResponse },
        },
      },
      async (request) => voteFor(app.db, signedIn(request), request.params.id, method === 'put'),
    );
  }

  app.post(
    '/roadmap/suggestions',
    {
      schema: {
        tags,
        summary: `Suggest an idea (signed in; at most ${roadmapLimits.suggestionsPerHour} an hour): it waits for an admin before anyone sees it`,
        body: roadmapSuggestionSchema,
        response: { 201: roadmapItemResponse },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      await suggestionsPerUser(request);
      return reply.code(201).send(await suggestIdea(app.db, viewer, request.body));
    },
  );

  app.get(
    '/admin/roadmap',
    {
      schema: {
        tags,
        summary: 'Every idea (admins), suggestions waiting for moderation first; by status and words',
        querystring: adminRoadmapListQuerySchema,
        response: { 200: paginated(adminRoadmapItemResponse) },
      },
    },
    async (request) => listAdminRoadmap(app.db, asAdmin(request).admin, request.query),
  );

  app.post(
    '/admin/roadmap',
    {
      schema: {
        tags,
        summary: 'Add an idea of the team to the road map (admins)',
        body: roadmapItemSchema,
        response: { 201: adminRoadmapItemResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRoadmapItem(app.db, asAdmin(request), request.body)),
  );

  app.put(
    '/admin/roadmap/:id',
    {
      schema: {
        tags,
        summary: 'Change an idea (admins); moving it to done ships it and tells its voters',
        params: idParams,
        body: roadmapItemUpdateSchema,
        response: { 200: adminRoadmapItemResponse },
      },
    },
    async (request) =>
      updateRoadmapItem(app.db, request.work, asAdmin(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/roadmap/:id',
    { schema: { tags, summary: 'Delete an idea and its votes (admins)', params: idParams } },
    async (request, reply) => {
      await deleteRoadmapItem(app.db, asAdmin(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/admin/roadmap/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept a suggestion (admins): it goes to planned, its author is told',
        params: idParams,
        response: { 200: adminRoadmapItemResponse },
      },
    },
    async (request) => acceptSuggestion(app.db, request.work, asAdmin(request), request.params.id),
  );

  app.post(
    '/admin/roadmap/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a suggestion or an idea not shipped yet (admins), with the reason its author reads',
        params: idParams,
        body: roadmapDeclineSchema,
        response: { 200: adminRoadmapItemResponse },
      },
    },
    async (request) =>
      declineRoadmapItem(app.db, request.work, asAdmin(request), request.params.id, request.body),
  );
};
