import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';

const API_PREFIX = '/api/';

/**
 * One log line per request, when it ends: method, path (without the query string, which may hold
 * tokens), status, duration and the signed-in user. API calls at `info`; static files, pages and
 * probes at `debug`, so that browsing does not flood the log.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    // Synchronous, and nothing built when the level is off (production at `warn`, the bench).
    app.addHook('onResponse', (request, reply, done) => {
      // Fastify's logger is pino's (app.ts), which says whether a level is written.
      const log = request.log as FastifyBaseLogger & Partial<Pick<Logger, 'isLevelEnabled'>>;
      const api = request.url.startsWith(API_PREFIX);
      const level = api ? 'info' : 'debug';
      if (log.isLevelEnabled?.(level) ?? true) {
        const query = request.url.indexOf('?');
        log[level](
          {
            method: request.method,
            path: query === -1 ? request.url : request.url.slice(0, query),
            status: reply.statusCode,
            durationMs: Math.round(reply.elapsedTime * 10) / 10,
            userId: request.user?.id ?? null,
          },
          'request',
        );
      }
      done();
    });
  },
  { name: 'request-log' },
);
