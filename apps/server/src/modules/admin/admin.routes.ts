import { emailField } from '@closia/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';
import { queryInt } from '../../lib/pagination';
import { requireAdmin } from '../../plugins/session';

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
      const rows = await app.db
        .select()
        .from(mailOutbox)
        .where(request.query.to ? eq(mailOutbox.to, request.query.to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(request.query.limit);
      return {
        data: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          link: r.link,
          sentAt: r.sentAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
};
