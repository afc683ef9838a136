import {
  advertisementCreateSchema,
  advertisementListQuerySchema,
  advertisementUpdateSchema,
  idParam,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { advertisementPageResponse, advertisementResponse } from './advertisements.presenter';
import {
  createAdvertisement,
  deleteAdvertisement,
  getAdvertisement,
  listAdvertisements,
  recordClick,
  updateAdvertisement,
} from './advertisements.service';
import { flushImpressions } from './sponsorships.service';

const tags = ['advertisements'];
const idParams = z.object({ id: idParam() });
const noContent = z.null().describe('No content');

/** The signed-in user, when their profile is an infopreneur's (401 anonymous, 403 otherwise). */
function requireInfopreneur(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (request.session?.profile?.kind !== 'infopreneur')
    throw forbidden('Only infopreneurs can advertise', 'INFOPRENEUR_ONLY');
  return user;
}

/** An infopreneur's advertising campaigns, and the click counter hit from search results. */
export const advertisementsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Impressions counted in memory are written before the database closes.
  app.addHook('onClose', async () => {
    await flushImpressions(app.db).catch((err: unknown) => app.log.warn({ err }, 'impressions not written'));
  });
  app.get(
    '/advertisements',
    {
      schema: {
        tags,
        summary: "The caller's campaigns, newest first (infopreneurs only)",
        querystring: advertisementListQuerySchema,
        response: { 200: advertisementPageResponse },
      },
    },
    async (request) => listAdvertisements(app.db, requireInfopreneur(request).id, request.query),
  );

  app.post(
    '/advertisements',
    {
      schema: {
        tags,
        summary: "Create a campaign promoting one of the caller's services or missions (draft by default)",
        body: advertisementCreateSchema,
        response: { 201: advertisementResponse },
      },
    },
    async (request, reply) => {
      const owner = requireInfopreneur(request);
      return reply.code(201).send(await createAdvertisement(app.db, request.work, owner.id, request.body));
    },
  );

  app.get(
    '/advertisements/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s campaigns, with its counters',
        params: idParams,
        response: { 200: advertisementResponse },
      },
    },
    async (request) => getAdvertisement(app.db, requireInfopreneur(request).id, request.params.id),
  );

  app.put(
    '/advertisements/:id',
    {
      schema: {
        tags,
        summary:
          'Change a campaign: any field but its target; the status by hand (draft, active, paused, ended)',
        params: idParams,
        body: advertisementUpdateSchema,
        response: { 200: advertisementResponse },
      },
    },
    async (request) =>
      updateAdvertisement(
        app.db,
        request.work,
        requireInfopreneur(request).id,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/advertisements/:id',
    {
      schema: {
        tags,
        summary: 'Delete a campaign for good',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await deleteAdvertisement(app.db, request.work, requireInfopreneur(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/advertisements/:id/click',
    {
      schema: {
        tags,
        summary: 'Count a click on a sponsored result (anyone; only while live, never the owner’s own)',
        params: idParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await recordClick(app.db, request.params.id, request.user?.id ?? null);
      return reply.code(204).send(null);
    },
  );
};
