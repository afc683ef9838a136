import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set only when REDIS_URL is configured. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis' },
);
