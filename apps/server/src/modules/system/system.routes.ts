import { textField } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveRedirect } from './redirects';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), database: z.literal('error') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.rows('select 1');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.code(503).send({ status: 'error' as const, database: 'error' as const });
      }
    },
  );

  app.get(
    '/api/v1/redirects',
    {
      schema: {
        tags: ['system'],
        summary: 'Server-driven redirect check, run by the web app on every navigation',
        querystring: z.object({ path: textField().min(1).max(2048) }),
        response: { 200: z.object({ redirect: z.string().nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { redirect: resolveRedirect(request.query.path) };
    },
  );
};
