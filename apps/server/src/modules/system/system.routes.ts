import { errorCodes, textField } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../db/resilience';
import { redisReady } from '../../plugins/redis';
import { resolveRedirect } from './redirects';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: {
          // `redis` only when REDIS_URL is set: 'down' is a degraded instance that still serves
          // (rate limits in process, realtime local, no cache), so the probe stays 200.
          200: z.object({
            status: z.literal('ok'),
            database: z.literal('ok'),
            redis: z.enum(['ok', 'down']).optional(),
          }),
          // The error envelope too, so that any client reads it like every other refusal.
          503: z.object({
            code: z.literal(errorCodes.serviceUnavailable),
            message: z.string(),
            status: z.literal('error'),
            database: z.literal('error'),
            redis: z.enum(['ok', 'down']).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      // Known down: answered at once; otherwise one probe of at most 1 s, never a hang.
      let ok = false;
      try {
        ok = await app.database.health.check(1000);
      } catch (err) {
        request.log.warn({ err }, 'health check failed');
      }
      const redis = app.redis ? { redis: redisReady(app.redis) ? ('ok' as const) : ('down' as const) } : {};
      if (ok) return { status: 'ok' as const, database: 'ok' as const, ...redis };
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      return reply.code(503).send({
        code: errorCodes.serviceUnavailable,
        message: 'La base de données ne répond pas.',
        status: 'error' as const,
        database: 'error' as const,
        ...redis,
      });
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
