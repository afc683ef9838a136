import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIX = '/api/';

/**
 * One log line per request, when it ends: method, path (without the query string, which may hold
 * tokens), status, duration and the signed-in user. API calls at `info`; static files, pages and
 * probes at `debug`, so that browsing does not flood the log.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? request.url;
      const level = path.startsWith(API_PREFIX) ? 'info' : 'debug';
      request.log[level](
        {
          method: request.method,
          path,
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          userId: request.user?.id ?? null,
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
