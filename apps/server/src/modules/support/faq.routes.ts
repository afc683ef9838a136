import {
  faqEntryResponse,
  faqEntrySchema,
  faqEntryUpdateSchema,
  faqListQuerySchema,
  idParam,
  paginated,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Viewer, viewerOf } from '../../lib/viewer';
import { requireAdmin } from '../../plugins/session';
import { createFaqEntry, deleteFaqEntry, listFaq, updateFaqEntry } from './faq.service';

const tags = ['faq'];
const idParams = z.object({ id: idParam() });

const admin = (request: FastifyRequest): Viewer => {
  requireAdmin(request);
  return viewerOf(request.session)!;
};

/** The FAQ of `/support` (issue 22 §3), under /api/v1: read by everyone, kept by admins. */
export const faqRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/faq',
    {
      schema: {
        tags,
        summary:
          'The FAQ (public): by category and position, or searched in French (every word, else any word), the most relevant first',
        querystring: faqListQuerySchema,
        response: { 200: paginated(faqEntryResponse) },
      },
    },
    async (request) => listFaq(app.db, request.query),
  );

  app.post(
    '/admin/faq',
    {
      schema: {
        tags,
        summary: 'Add a FAQ entry (admins); last of its category unless a position is given',
        body: faqEntrySchema,
        response: { 201: faqEntryResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFaqEntry(app.db, admin(request), request.body, request.ip)),
  );

  app.put(
    '/admin/faq/:id',
    {
      schema: {
        tags,
        summary: 'Change a FAQ entry (admins): any field',
        params: idParams,
        body: faqEntryUpdateSchema,
        response: { 200: faqEntryResponse },
      },
    },
    async (request) => updateFaqEntry(app.db, admin(request), request.params.id, request.body, request.ip),
  );

  app.delete(
    '/admin/faq/:id',
    {
      schema: {
        tags,
        summary: 'Delete a FAQ entry (admins)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteFaqEntry(app.db, admin(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );
};
