import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { safeEqual } from '../lib/crypto';
import { unauthorized } from '../lib/errors';
import { cacheCounts } from '../lib/result-cache';

/**
 * Prometheus metrics at `/metrics` (bearer token): process defaults, request durations by route, and
 * how each in-memory cache answered (`closia_cache_lookups_total{cache, outcome}`: hit, stale, miss,
 * bypassed) — the hit rate the bench prints beside its figures.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });

    new Counter({
      name: 'closia_cache_lookups_total',
      help: 'Lookups of the in-memory result caches by cache and outcome',
      labelNames: ['cache', 'outcome'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [cache, c] of cacheCounts()) {
          this.inc({ cache, outcome: 'hit' }, c.hits);
          this.inc({ cache, outcome: 'stale' }, c.stale);
          this.inc({ cache, outcome: 'miss' }, c.misses);
          this.inc({ cache, outcome: 'bypassed' }, c.bypassed);
        }
      },
    });

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (route && route !== '/metrics') {
        duration.observe(
          { method: request.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });

    // Route names, counts and memory are for the operator's scraper only: without METRICS_TOKEN
    // there is no /metrics at all, with it the scraper sends `Authorization: Bearer <token>`.
    const token = app.config.metricsToken;
    if (!token) return;
    const expected = `Bearer ${token}`;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = request.headers.authorization;
      if (typeof given !== 'string' || !safeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized();
      }
      reply.header('cache-control', 'no-store');
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
