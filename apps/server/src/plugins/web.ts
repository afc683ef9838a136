import path from 'node:path';
import { errorCodes } from '@closia/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/__transmit/', '/health', '/metrics'];

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` never cached, and every
 * other path answered with `index.html` so the React router can show the page (or its 404).
 * Unknown API paths answer the JSON 404 envelope.
 */
export const webPlugin = fp(
  async (app: FastifyInstance) => {
    const dist = app.config.webDist;
    if (dist) {
      await app.register(fastifyStatic, {
        root: dist,
        // One route per built file, found at start: a missing asset is a real 404, not index.html.
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isApi = API_PREFIXES.some((p) => url.startsWith(p));
      // A missing hashed asset (old build) must fail so the client reloads, not receive HTML.
      const isAsset = url.startsWith('/assets/');
      if (!dist || isApi || isAsset || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply
          .code(404)
          .send({ code: errorCodes.notFound, message: `Cannot ${request.method} ${url}` });
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    });
  },
  { name: 'web' },
);
