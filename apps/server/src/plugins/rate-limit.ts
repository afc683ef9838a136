import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors';

export interface RateRule {
  /** Attempts allowed in the window. */
  limit: number;
  windowMs: number;
}

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

/** Keys kept by this process's counters (least recently used ones go first beyond that). */
const LOCAL_KEYS = 100_000;

type Incr = FastifyRateLimitStore['incr'];

/**
 * Redis's counters while Redis answers, this process's own meanwhile (each instance then counts
 * for itself: limits stay in force, a little looser, instead of every login failing). Redis is
 * never waited on (plugins/redis.ts): a command fails at once, or after 200 ms, and counts here.
 */
export function fallbackStore(
  primary: FastifyRateLimitStore,
  fallback: FastifyRateLimitStore,
  onFallback: (err: unknown) => void,
): FastifyRateLimitStore {
  let warned = 0;
  const degrade = (err: unknown) => {
    if (Date.now() - warned > 60_000) {
      warned = Date.now();
      onFallback(err);
    }
  };
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow, max) {
      const inProcess = (err: unknown) => {
        degrade(err);
        fallback.incr(key, callback, timeWindow, max);
      };
      try {
        primary.incr(key, (err, result) => (err ? inProcess(err) : callback(null, result)), timeWindow, max);
      } catch (err) {
        inProcess(err);
      }
    },
    // Every key names its limit (`login:ip:…`, `forgot:email:…`): one set of counters serves all.
    child: () => store,
  };
  return store;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit: each call counts one attempt under `key(request)` and throws 429 (with
     * Retry-After) once the rule's limit is passed in its window. Use it as a route hook
     * (`preValidation` for a per-address limit that counts every attempt) or call it.
     */
    limitBy(
      rule: RateRule,
      key: (request: FastifyRequest) => string,
    ): (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The generic limits, counted by `@fastify/rate-limit` (ADR 014): fixed windows in Redis when
 * REDIS_URL is set (its Lua `INCR` + `PEXPIRE`, keys `<prefix>rl:<key>`), in this process
 * otherwise or while Redis is down. `RATE_LIMIT=false` turns them off. The login back-off is
 * ours (plugins/login-backoff.ts).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const local = new LocalStore(false, false, LOCAL_KEYS);
    const counters = app.redis
      ? fallbackStore(new RedisStore(false, false, app.redis, `${app.config.redisPrefix}rl:`), local, (err) =>
          app.log.warn({ err }, 'rate limits counted in this process: redis unreachable'),
        )
      : local;
    class Counters implements FastifyRateLimitStore {
      incr(...args: Parameters<Incr>) {
        counters.incr(...args);
      }
      child() {
        return this;
      }
    }
    // Not global: each limit is declared where it applies, with its own key.
    await app.register(fastifyRateLimit, { global: false, store: Counters });

    app.decorate('limitBy', (rule: RateRule, key: (request: FastifyRequest) => string) => {
      const count = app.createRateLimit({ max: rule.limit, timeWindow: rule.windowMs, keyGenerator: key });
      return async (request: FastifyRequest) => {
        if (!app.config.rateLimit) return;
        const result = await count(request);
        if (!result.isAllowed && result.isExceeded) throw rateLimited(result.ttl);
      };
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
