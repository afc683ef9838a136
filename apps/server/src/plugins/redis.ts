import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis, RedisOptions } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set only when REDIS_URL is configured. */
    redis: Redis | null;
  }
}

/**
 * Redis is never waited on (ADR 013): a command fails at once while the connection is down (no
 * offline queue) and after 200 ms when the server does not answer; the client reconnects by itself
 * every 0.1–1 s. Each user of Redis degrades meanwhile: rate limits in this process, realtime
 * fan-out to this instance's streams, and no answer served from memory while invalidations from
 * other instances may be missed (plugins/invalidation.ts). Subscribers duplicate these options.
 */
export const redisOptions: RedisOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  commandTimeout: 200,
  connectTimeout: 1000,
  maxRetriesPerRequest: 0,
  retryStrategy: (times) => Math.min(100 * times, 1000),
};

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    // Loaded only when configured: the embedded default starts without it.
    const { Redis } = await import('ioredis');
    const redis = new Redis(app.config.redisUrl, redisOptions);
    redis.on('error', (err: unknown) => app.log.debug({ err }, 'redis error'));
    let wasReady = false;
    redis.on('ready', () => {
      if (wasReady) app.log.info('redis reachable again');
      wasReady = true;
    });
    redis.on('close', () => {
      if (wasReady) app.log.warn('redis unreachable: rate limits in process, realtime local, caches off');
    });
    // A start while Redis is down still serves (degraded); the client connects once it is back.
    await redis.connect().catch((err: unknown) => app.log.warn({ err }, 'redis unreachable at start'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);

/** Whether a client can take commands now. */
export const redisReady = (client: Redis | null): boolean => client?.status === 'ready';
