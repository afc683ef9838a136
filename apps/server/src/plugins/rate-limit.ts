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
  /** Milliseconds until `key` is under its limit again (0 when it is), without counting an attempt. */
  blockedFor(key: string, rule: RateRule): Promise<number>;
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
    async blockedFor(key, rule) {
      const w = current(key);
      return w && w.count >= rule.limit ? w.resetAt - Date.now() : 0;
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
    async blockedFor(key, rule) {
      const [[, count], [, ttl]] = (await redis.multi().get(k(key)).pttl(k(key)).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return Number(count ?? 0) >= rule.limit ? Math.max(ttl, 1) : 0;
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}

/**
 * Redis's counters while Redis answers, this process's own meanwhile (each instance then counts
 * for itself: limits stay in force, a little looser, instead of every login failing).
 */
export function fallbackRateLimiter(
  primary: RateLimiter,
  fallback: RateLimiter,
  onFallback: (err: unknown) => void,
): RateLimiter {
  let warned = 0;
  const degrade = (err: unknown) => {
    if (Date.now() - warned > 60_000) {
      warned = Date.now();
      onFallback(err);
    }
  };
  const either =
    <A extends unknown[], R>(method: (l: RateLimiter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method(primary)(...args);
      } catch (err) {
        degrade(err);
        return method(fallback)(...args);
      }
    };
  return {
    hit: either((l) => l.hit),
    blockedFor: either((l) => l.blockedFor),
    reset: either((l) => l.reset),
  };
}

/**
 * Login guessing is limited without handing attackers a lock-out (docs/decisions/005):
 * - per source (an address, or a browser that signed in to the account before) and account,
 *   10 failures per 15 minutes;
 * - per account, 100 failures per day from sources it has never signed in from: a botnet gets
 *   100 guesses a day, while the owner's own browsers are never locked out by strangers.
 */
export const rateRules = {
  loginPerIp: { limit: 30, windowMs: 60_000 },
  loginFailuresPerSource: { limit: 10, windowMs: 15 * 60_000 },
  loginFailuresPerAccount: { limit: 100, windowMs: 24 * 3600_000 },
  registerPerIp: { limit: 30, windowMs: 60 * 60_000 },
  forgotPerIp: { limit: 10, windowMs: 60 * 60_000 },
  forgotPerEmail: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

/** The 429 of a limit, saying when to retry (the error handler sends `Retry-After` in seconds). */
export function rateLimited(retryAfterMs: number) {
  return Object.assign(tooManyRequests(), { retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    /** Counts an attempt and throws 429 (with Retry-After) once the rule's limit is passed. */
    limit(key: string, rule: RateRule): Promise<void>;
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const limiter = app.redis
      ? fallbackRateLimiter(redisRateLimiter(app.redis, app.config.redisPrefix), memoryRateLimiter(), (err) =>
          app.log.warn({ err }, 'rate limits counted in this process: redis unreachable'),
        )
      : memoryRateLimiter();
    app.decorate('rateLimiter', limiter);
    app.decorate('limit', async (key: string, rule: RateRule) => {
      if (!app.config.rateLimit) return;
      const { allowed, retryAfterMs } = await limiter.hit(key, rule);
      if (!allowed) throw rateLimited(retryAfterMs);
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
