import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface Failures {
  count: number;
  /** Epoch ms of the last failure (0 when none). */
  lastAt: number;
}

/** The failed logins counted per key (a source and account, or an account). */
export interface FailureCounter {
  /** Counts one failure for `key` (kept `windowMs` after the last one): how many, and when the last was. */
  recordFailure(key: string, windowMs: number): Promise<Failures>;
  /** The failures counted for `key`, without counting one. */
  failures(key: string): Promise<Failures>;
  /** Forgets the failures of `key` (a successful login, a password reset). */
  reset(key: string): Promise<void>;
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

/** Failures in this process (the embedded default, and the fallback while Redis is down). */
export function memoryFailureCounter(): FailureCounter {
  const failed = new Map<string, Failures & { expiresAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, f] of failed) if (f.expiresAt <= now) failed.delete(k);
  }, 60_000);
  sweep.unref();
  return {
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
    async reset(key) {
      failed.delete(key);
    },
  };
}

/** The same failures in Redis, shared by every instance. */
export function redisFailureCounter(redis: Redis, prefix: string): FailureCounter {
  const f = (key: string) => `${prefix}rf:${key}`;
  return {
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
    async reset(key) {
      await redis.del(f(key));
    },
  };
}

/**
 * Redis's failures while Redis answers, this process's own meanwhile (each instance then counts
 * for itself: the back-off stays in force, a little looser, instead of every login failing).
 */
export function fallbackFailureCounter(
  primary: FailureCounter,
  fallback: FailureCounter,
  onFallback: (err: unknown) => void,
): FailureCounter {
  let warned = 0;
  const degrade = (err: unknown) => {
    if (Date.now() - warned > 60_000) {
      warned = Date.now();
      onFallback(err);
    }
  };
  const either =
    <A extends unknown[], R>(method: (c: FailureCounter) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method(primary)(...args);
      } catch (err) {
        degrade(err);
        return method(fallback)(...args);
      }
    };
  return {
    recordFailure: either((c) => c.recordFailure),
    failures: either((c) => c.failures),
    reset: either((c) => c.reset),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed logins per source and per account, for the growing wait of `backoffRules`. */
    loginBackoff: FailureCounter;
  }
}

/**
 * Ours, not a library's (ADR 014): `@fastify/rate-limit` counts attempts in a window, while this
 * counts failures only, reads them before an attempt without counting one, and makes the wait
 * grow with each failure from the time of the last one.
 */
export const loginBackoffPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'loginBackoff',
      app.redis
        ? fallbackFailureCounter(
            redisFailureCounter(app.redis, app.config.redisPrefix),
            memoryFailureCounter(),
            (err) => app.log.warn({ err }, 'login failures counted in this process: redis unreachable'),
          )
        : memoryFailureCounter(),
    );
  },
  { name: 'login-backoff', dependencies: ['redis'] },
);
