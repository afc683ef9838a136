import {
  applicationCreateSchema,
  idParam,
  jobResponse,
  jobSearchSchema,
  missionCreateSchema,
  missionSearchQuerySchema,
  missionSearchResponse,
  missionUpdateSchema,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationMetaResponse, paginationQuery } from '../../lib/pagination';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { serviceResponse } from '../services/services.presenter';
import { getService, searchJobs } from '../services/services.service';
import {
  applyToMission,
  decideApplication,
  getApplication,
  listMissionApplications,
  listMyApplications,
} from './applications.service';
import { applicationResponse, missionResponse } from './missions.presenter';
import { searchMissions } from './missions.search';
import {
  closeMission,
  createMission,
  deleteMission,
  getMission,
  listMyMissions,
  openMissionsOf,
  publishMission,
  updateMission,
} from './missions.service';

const idParams = z.object({ id: idParam() });
const tags = ['missions'];

/** Missions, their search, applications and the jobs catalogue. */
export const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = (request: FastifyRequest) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };

  app.get(
    '/missions',
    {
      schema: {
        tags,
        summary:
          'Search published, open missions: spec §5 filters, French text search, facets, sponsored first; forMe=1 ranks by match',
        querystring: missionSearchQuerySchema,
        response: { 200: missionSearchResponse },
      },
    },
    async (request) => searchMissions(app.db, viewerOf(request.session), request.query),
  );

  app.post(
    '/missions',
    {
      schema: {
        tags,
        summary: 'Create a mission (draft) on one of my approved offers (infopreneurs only)',
        body: missionCreateSchema,
        response: { 201: missionResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createMission(app.db, request.work, signedIn(request), request.body)),
  );

  app.get(
    '/missions/mine',
    {
      schema: {
        tags,
        summary: 'My missions in every state but deleted (infopreneurs only)',
        querystring: paginationQuery,
        response: { 200: z.object({ data: z.array(missionResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listMyMissions(app.db, signedIn(request), request.query),
  );

  app.get(
    '/missions/:id',
    {
      schema: {
        tags,
        summary:
          'One mission: the owner sees every state, others a listed one (with my match and application)',
        params: idParams,
        response: { 200: missionResponse },
      },
    },
    async (request) => getMission(app.db, viewerOf(request.session), request.params.id),
  );

  app.put(
    '/missions/:id',
    {
      schema: {
        tags,
        summary: 'Edit my mission',
        params: idParams,
        body: missionUpdateSchema,
        response: { 200: missionResponse },
      },
    },
    async (request) =>
      updateMission(app.db, request.work, signedIn(request), request.params.id, request.body),
  );

  app.delete(
    '/missions/:id',
    {
      schema: {
        tags,
        summary: 'Delete my mission (soft; pending applications are declined)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteMission(app.db, request.work, signedIn(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/missions/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish my mission (draft → published)',
        params: idParams,
        response: { 200: missionResponse },
      },
    },
    async (request) => publishMission(app.db, request.work, signedIn(request), request.params.id),
  );

  app.post(
    '/missions/:id/close',
    {
      schema: {
        tags,
        summary: 'Stop hiring: closed (filled when someone was accepted); pending applications are declined',
        params: idParams,
        response: { 200: missionResponse },
      },
    },
    async (request) => closeMission(app.db, request.work, signedIn(request), request.params.id),
  );

  // Applications.

  app.post(
    '/missions/:id/applications',
    {
      schema: {
        tags: ['applications'],
        summary:
          'Apply to a mission with a message (a finished setter/closer profile meeting its minimums; once)',
        params: idParams,
        body: applicationCreateSchema,
        response: { 201: applicationResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await applyToMission(
            app.db,
            request.work,
            signedIn(request),
            request.params.id,
            request.body.message,
          ),
        ),
  );

  app.get(
    '/missions/:id/applications',
    {
      schema: {
        tags: ['applications'],
        summary: "The applications to my mission, each with the applicant's card and match",
        params: idParams,
        response: { 200: z.object({ data: z.array(applicationResponse) }) },
      },
    },
    async (request) => listMissionApplications(app.db, signedIn(request), request.params.id),
  );

  app.get(
    '/applications/mine',
    {
      schema: {
        tags: ['applications'],
        summary: 'My applications, newest first',
        querystring: paginationQuery,
        response: { 200: z.object({ data: z.array(applicationResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listMyApplications(app.db, signedIn(request), request.query),
  );

  app.get(
    '/applications/:id',
    {
      schema: {
        tags: ['applications'],
        summary: "One application (its applicant or the mission's owner)",
        params: idParams,
        response: { 200: applicationResponse },
      },
    },
    async (request) => getApplication(app.db, signedIn(request), request.params.id),
  );

  for (const decision of ['accept', 'decline', 'withdraw'] as const) {
    app.post(
      `/applications/:id/${decision}`,
      {
        schema: {
          tags: ['applications'],
          summary:
            decision === 'withdraw'
              ? 'Withdraw my application'
              : `${decision === 'accept' ? 'Accept' : 'Decline'} an application to my mission`,
          params: idParams,
          response: { 200: applicationResponse },
        },
      },
      async (request) =>
        decideApplication(app.db, request.work, signedIn(request), request.params.id, decision),
    );
  }

  // The catalogue of sellable offers.

  app.get(
    '/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Approved, active offers that freelancers can sell, with their commission per sale',
        querystring: jobSearchSchema,
        response: { 200: z.object({ data: z.array(serviceResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => searchJobs(app.db, viewerOf(request.session), request.query),
  );

  app.get(
    '/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'One sellable offer with its open missions',
        params: idParams,
        response: { 200: jobResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.session);
      // Listed offers only, whoever asks (the owner sees the other states under /services/{id}).
      const service = await getService(app.db, viewer, request.params.id, { listedOnly: true });
      return { ...service, missions: await openMissionsOf(app.db, viewer, request.params.id) };
    },
  );
};
