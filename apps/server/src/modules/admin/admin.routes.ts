import { emailField } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryInt } from '../../lib/pagination';
import { requireAdmin } from '../../plugins/session';
import { latestMails } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'Latest outgoing e-mails (admins only); without SMTP this is where mails are kept',
        querystring: z.object({
          to: emailField().optional(),
          limit: queryInt(1, 100).default(20),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                link: z.string().nullable(),
                sentAt: z.string().nullable(),
                createdAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { data: await latestMails(app.db, request.query) };
    },
  );
};
