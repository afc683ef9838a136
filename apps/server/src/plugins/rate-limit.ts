import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/errors';

export interface RateRule {
  /** Attempts allowed in the window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt for `key`; false once the rule's limit is passed. */
  hit(key: string, rule: RateRule): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** True while `key` is over its limit, without counting an attempt. */
  blocked(key: string, rule: RateRule): Promise<boolean>;
  reset(key: string): Promise<void>;
}

/** Fixed-window counters in this process (the embedded default). */
export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt > Date.now()) return w;
    windows.delete(key);
    return undefined;
  };
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, rule) {
      const w = current(key) ?? { count: 0, resetAt: Date.now() + rule.windowMs };
      w.count += 1;
      windows.set(key, w);
      return { allowed: w.count <= rule.limit, retryAfterMs: w.resetAt - Date.now() };
    },
    async blocked(key, rule) {
      return (current(key)?.count ?? 0) >= rule.limit;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** The same counters in Redis, shared by every instance. */
export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const k = (key: string) => `${prefix}rl:${key}`;
  return {
    async hit(key, rule) {
      const [[, count], [, ttl]] = (await redis.multi().incr(k(key)).pttl(k(key)).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(k(key), rule.windowMs);
      return { allowed: count <= rule.limit, retryAfterMs: ttl < 0 ? rule.windowMs : ttl };
    },
    async blocked(key, rule) {
      return Number((await redis.get(k(key))) ?? 0) >= rule.limit;
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

export const rateRules = {
  loginPerIp: { limit: 30, windowMs: 60_000 },
  loginFailuresPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  registerPerIp: { limit: 30, windowMs: 60 * 60_000 },
  forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerEmail: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** Counts an attempt and throws 429 (with Retry-After) once the rule's limit is passed. */
    limit(key: string, rule: RateRule): Promise<void>;
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const limiter = app.redis ? redisRateLimiter(app.redis, app.config.redisPrefix) : memoryRateLimiter();
    app.decorate('rateLimiter', limiter);
    app.decorate('limit', async (key: string, rule: RateRule) => {
      if (!app.config.rateLimit) return;
      const { allowed, retryAfterMs } = await limiter.hit(key, rule);
      if (!allowed) {
        const error = tooManyRequests();
        Object.assign(error, { retryAfter: Math.ceil(retryAfterMs / 1000) });
        throw error;
      }
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
