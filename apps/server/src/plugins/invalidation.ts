import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { setCachesTrusted } from '../lib/result-cache';

/**
 * What an in-process cache must forget: one session, every session of a user, the CRM's answers
 * (lib/crm-cache.ts: those of `users` only, or everyone's without it), or everything.
 */
export type Invalidation =
  | { scope: 'session'; id: string }
  | { scope: 'user'; id: number }
  | { scope: 'crm'; users?: number[] }
  | { scope: 'all' };

/** Beyond this many users in one message, a CRM invalidation forgets everyone's answers. */
const CRM_USERS_MAX = 1_000;

export interface InvalidationBus {
  /**
   * Applies the invalidation in this process at once. With Redis, resolves once every other
   * instance has applied it too (each one acknowledges), or after `ackTimeoutMs` when one stays
   * silent — so that a logout answered by instance A is already a logout on instance B.
   */
  publish(message: Invalidation): Promise<void>;
  /** Registers what to do with an invalidation, whichever instance published it. */
  onInvalidate(handler: (message: Invalidation) => void): void;
  /**
   * Whether this instance hears every other instance's invalidations (always, without Redis). While
   * false, no cache serves from memory: a logout or a write elsewhere could go unheard.
   */
  readonly reliable: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    invalidation: InvalidationBus;
  }
}

const ACK_TIMEOUT_MS = 500;

/** Reads a message from another instance; anything malformed is ignored. */
export function parseInvalidation(raw: string): (Invalidation & { from: string; nonce: number }) | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (typeof m.from !== 'string' || !Number.isSafeInteger(m.nonce)) return null;
  const base = { from: m.from, nonce: m.nonce as number };
  if (m.scope === 'all') return { ...base, scope: 'all' };
  if (m.scope === 'crm') {
    const users = m.users;
    const some =
      Array.isArray(users) && users.length <= CRM_USERS_MAX && users.every((id) => Number.isSafeInteger(id));
    // Anything but a short list of ids forgets everyone's answers (never fewer than asked).
    return some ? { ...base, scope: 'crm', users: users as number[] } : { ...base, scope: 'crm' };
  }
  if (m.scope === 'session' && typeof m.id === 'string') return { ...base, scope: 'session', id: m.id };
  if (m.scope === 'user' && Number.isSafeInteger(m.id)) return { ...base, scope: 'user', id: m.id as number };
  return null;
}

/**
 * The invalidation bus: in-process by default; through Redis pub/sub when `REDIS_URL` is set, with
 * an acknowledgement from every subscribed instance so that invalidations are synchronous.
 */
export const invalidationPlugin = fp(
  async (app: FastifyInstance) => {
    const handlers: ((message: Invalidation) => void)[] = [];
    const applyLocally = (message: Invalidation) => {
      for (const handler of handlers) handler(message);
    };
    const onInvalidate = (handler: (message: Invalidation) => void) => {
      handlers.push(handler);
    };

    if (!app.redis) {
      app.decorate('invalidation', {
        publish: async (message: Invalidation) => applyLocally(message),
        onInvalidate,
        reliable: true,
      });
      return;
    }

    const redis: Redis = app.redis;
    const instanceId = randomBytes(8).toString('hex');
    const channel = `${app.config.redisPrefix}invalidate`;
    const ackChannel = `${channel}:ack:${instanceId}`;
    /** Invalidations waiting for acknowledgements; `expected` is known once PUBLISH answers. */
    const pending = new Map<number, { acks: number; expected?: number; done: () => void }>();
    const settle = (id: number) => {
      const waiting = pending.get(id);
      if (waiting?.expected !== undefined && waiting.acks >= waiting.expected) waiting.done();
    };
    let nonce = 0;

    // Fail safe: until this instance is subscribed, and from the moment its subscription drops,
    // the caches answer nothing from memory (they cannot hear another instance's writes).
    let reliable = false;
    const setReliable = (value: boolean) => {
      reliable = value;
      setCachesTrusted(app.db, value);
    };
    setReliable(false);
    const subscriber = redis.duplicate();
    subscriber.on('ready', () => {
      subscriber
        .subscribe(channel, ackChannel)
        .then(() => {
          // Messages published while this instance was not listening are lost: forget everything.
          applyLocally({ scope: 'all' });
          setReliable(true);
        })
        .catch((err: unknown) => app.log.warn({ err }, 'invalidation subscription failed'));
    });
    subscriber.on('close', () => setReliable(false));
    subscriber.on('error', (err: unknown) => app.log.debug({ err }, 'invalidation subscriber error'));
    subscriber.on('message', (from: string, raw: string) => {
      if (from === ackChannel) {
        const id = Number(raw);
        const waiting = pending.get(id);
        if (waiting) {
          waiting.acks += 1;
          settle(id);
        }
        return;
      }
      const message = parseInvalidation(raw);
      if (!message || message.from === instanceId) return;
      applyLocally(message);
      redis
        .publish(`${channel}:ack:${message.from}`, String(message.nonce))
        .catch((err: unknown) => app.log.warn({ err }, 'invalidation acknowledgement failed'));
    });
    await subscriber
      .connect()
      .catch((err: unknown) => app.log.warn({ err }, 'invalidation bus unreachable at start'));
    if (subscriber.status === 'ready' && !reliable) {
      await subscriber.subscribe(channel, ackChannel).catch(() => {});
      if (subscriber.status === 'ready') setReliable(true);
    }

    const publish = async (message: Invalidation) => {
      applyLocally(message);
      // The bus is down: the other instances are not listening either, so they serve no cached
      // answer until they are back, and then forget everything.
      if (!reliable) return;
      nonce += 1;
      const id = nonce;
      let timer: NodeJS.Timeout | undefined;
      const acknowledged = new Promise<void>((resolve) => {
        pending.set(id, { acks: 0, done: resolve });
        timer = setTimeout(() => {
          app.log.warn({ invalidation: message }, 'an instance did not acknowledge an invalidation in time');
          resolve();
        }, ACK_TIMEOUT_MS);
      });
      try {
        const receivers = await redis.publish(
          channel,
          JSON.stringify({ ...message, from: instanceId, nonce: id }),
        );
        // This instance is one of the receivers; it ignores its own message.
        pending.get(id)!.expected = receivers - 1;
        settle(id);
        await acknowledged;
      } catch (err) {
        // Redis is down: this instance is invalidated; the others forget everything on reconnect.
        app.log.warn({ err }, 'invalidation could not be published');
      } finally {
        clearTimeout(timer);
        pending.delete(id);
      }
    };

    app.decorate('invalidation', {
      publish,
      onInvalidate,
      get reliable() {
        return reliable;
      },
    });
    app.addHook('onClose', async () => {
      await subscriber.quit().catch(() => subscriber.disconnect());
    });
  },
  { name: 'invalidation', dependencies: ['db', 'redis'] },
);
