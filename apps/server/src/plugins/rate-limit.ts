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
  /** Counts one failure for `key` (kept `windowMs` after the last one): how many, and when the last was. */
  recordFailure(key: string, windowMs: number): Promise<Failures>;
  /** The failures counted for `key`, without counting one. */
  failures(key: string): Promise<Failures>;
}

export interface Failures {
  count: number;
  /** Epoch ms of the last failure (0 when none). */
  lastAt: number;
}

/**
 * A growing wait instead of a lock-out: the first `free` failures cost nothing, then each one
 * doubles the wait before the next attempt (1 s, 2 s, 4 s … at most `maxDelayMs`). A guesser is
 * slowed to one try per `maxDelayMs`; the owner never waits longer than that for the right password.
 */
export interface BackoffRule {
  free: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  windowMs: number;
}

/** Milliseconds still to wait before the next attempt (0: go ahead). */
export function backoffWait(failures: Failures, rule: BackoffRule, now = Date.now()): number {
  if (failures.count < rule.free) return 0;
  const delay = Math.min(1000 * 2 ** (failures.count - rule.free), rule.maxDelayMs);
  return Math.max(0, failures.lastAt + delay - now);
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
  const failed = new Map<string, Failures & { expiresAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    for (const [k, f] of failed) if (f.expiresAt <= now) failed.delete(k);
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
      failed.delete(key);
    },
    async recordFailure(key, windowMs) {
      const now = Date.now();
      const previous = failed.get(key);
      const count = (previous && previous.expiresAt > now ? previous.count : 0) + 1;
      failed.set(key, { count, lastAt: now, expiresAt: now + windowMs });
      return { count, lastAt: now };
    },
    async failures(key) {
      const f = failed.get(key);
      return f && f.expiresAt > Date.now() ? { count: f.count, lastAt: f.lastAt } : { count: 0, lastAt: 0 };
    },
  };
}

/** The same counters in Redis, shared by every instance. */
export function redisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  const k = (key: string) => `${prefix}rl:${key}`;
  const f = (key: string) => `${prefix}rf:${key}`;
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
      await redis.del(k(key), f(key));
    },
    async recordFailure(key, windowMs) {
      const now = Date.now();
      const [[, count]] = (await redis
        .multi()
        .hincrby(f(key), 'count', 1)
        .hset(f(key), 'lastAt', now)
        .pexpire(f(key), windowMs)
        .exec()) as [[null, number], ...unknown[]];
      return { count, lastAt: now };
    },
    async failures(key) {
      const [count, lastAt] = await redis.hmget(f(key), 'count', 'lastAt');
      return { count: Number(count ?? 0), lastAt: Number(lastAt ?? 0) };
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
    recordFailure: either((l) => l.recordFailure),
    failures: either((l) => l.failures),
  };
}

/**
 * Login guessing is slowed, never turned into a lock-out (ADR 013):
 * - per source (an address, or a browser that signed in to the account before) and account:
 *   5 free failures, then a wait doubling up to 5 minutes;
 * - per account, from sources it has never signed in from: 20 free failures, then a wait doubling
 *   up to 15 minutes — a botnet gets about 100 guesses a day, and the owner, even on a new device
 *   behind the attacker's network, waits at most 15 minutes for the right password (their known
 *   browsers not at all). The owner is told by e-mail when the account limit is reached.
 */
export const backoffRules = {
  loginPerSource: { free: 5, maxDelayMs: 5 * 60_000, windowMs: 15 * 60_000 },
  loginPerAccount: { free: 20, maxDelayMs: 15 * 60_000, windowMs: 24 * 3600_000 },
} satisfies Record<string, BackoffRule>;

export const rateRules = {
  loginPerIp: { limit: 30, windowMs: 60_000 },
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
