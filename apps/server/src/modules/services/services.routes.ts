import {
  adminServiceListQuerySchema,
  idParam,
  serviceCreateSchema,
  serviceRejectSchema,
  serviceUpdateSchema,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationMetaResponse, paginationQuery } from '../../lib/pagination';
import { viewerOf } from '../../lib/viewer';
import { requireAdmin, requireUser } from '../../plugins/session';
import { serviceResponse } from './services.presenter';
import {
  createService,
  deleteService,
  getService,
  listForReview,
  listMyServices,
  listSellableServices,
  reviewService,
  submitService,
  updateService,
} from './services.service';

const tags = ['services'];
const idParams = z.object({ id: idParam() });
const servicePage = z.object({ data: z.array(serviceResponse), meta: paginationMetaResponse });

/** Training offers ("infopreneur formations"): CRUD by their owner, review by admins. */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };

  app.post(
    '/services',
    {
      schema: {
        tags,
        summary: 'Create a training offer (infopreneurs only); requestValidation submits it for review',
        body: serviceCreateSchema,
        response: { 201: serviceResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createService(app.db, viewer(request), request.body)),
  );

  app.get(
    '/services/mine',
    {
      schema: {
        tags,
        summary: "The caller's offers in every state (infopreneurs only)",
        querystring: paginationQuery,
        response: { 200: servicePage },
      },
    },
    async (request) => listMyServices(app.db, viewer(request), request.query),
  );

  app.get(
    '/services/sellable',
    {
      schema: {
        tags,
        summary:
          'The offers I may attach to a deal: my own approved ones, and those of missions I was accepted on',
        response: { 200: z.object({ data: z.array(serviceResponse) }) },
      },
    },
    async (request) => listSellableServices(app.db, viewer(request)),
  );

  app.get(
    '/services/:id',
    {
      schema: {
        tags,
        summary: 'One offer: the owner and admins see every state, others only approved and active ones',
        params: idParams,
        response: { 200: serviceResponse },
      },
    },
    async (request) => getService(app.db, viewerOf(request.session), request.params.id),
  );

  app.put(
    '/services/:id',
    {
      schema: {
        tags,
        summary:
          'Edit an offer (owner); a new price, commission or description sends an approved offer back to review',
        params: idParams,
        body: serviceUpdateSchema,
        response: { 200: serviceResponse },
      },
    },
    async (request) => updateService(app.db, request.work, viewer(request), request.params.id, request.body),
  );

  app.delete(
    '/services/:id',
    {
      schema: { tags, summary: 'Delete an offer (owner; soft delete, its missions close)', params: idParams },
    },
    async (request, reply) => {
      await deleteService(app.db, request.work, viewer(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/services/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit an offer for review (owner): → pending_review',
        params: idParams,
        response: { 200: serviceResponse },
      },
    },
    async (request) => submitService(app.db, request.work, viewer(request), request.params.id),
  );

  const adminTags = ['admin', 'services'];

  app.get(
    '/admin/services',
    {
      schema: {
        tags: adminTags,
        summary: 'Offers to review, oldest first (admins only)',
        querystring: adminServiceListQuerySchema,
        response: { 200: servicePage },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listForReview(app.db, viewerOf(request.session)!, request.query);
    },
  );

  app.post(
    '/admin/services/:id/approve',
    {
      schema: {
        tags: adminTags,
        summary: 'Approve an offer (admins only); the owner is e-mailed',
        params: idParams,
        response: { 200: serviceResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return reviewService(app.db, request.work, viewerOf(request.session)!, request.params.id, {
        approve: true,
      });
    },
  );

  app.post(
    '/admin/services/:id/reject',
    {
      schema: {
        tags: adminTags,
        summary: 'Reject an offer with a reason (admins only); the owner is e-mailed and sees the reason',
        params: idParams,
        body: serviceRejectSchema,
        response: { 200: serviceResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return reviewService(app.db, request.work, viewerOf(request.session)!, request.params.id, {
        approve: false,
        reason: request.body.reason,
      });
    },
  );
};
