import { randomBytes } from 'node:crypto';
import {
  channelPatterns,
  errorCodes,
  idParam,
  type RealtimeEvent,
  realtimeStreamQuerySchema,
  realtimeSubscriptionSchema,
} from '@closia/shared';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { sessions, users } from '../db/schema';
import { AppError, conflict, notFound } from '../lib/errors';
import { ONLINE_WINDOW_MS } from '../lib/presence';
import { frame, RealtimeHub, type Stream } from '../lib/realtime-hub';
import { redisReady } from './redis';
import { requireUser } from './session';

/**
 * May this user read this channel? `params` are the pattern's captured groups: ids, each already
 * within the id rule (1 to 2,147,483,647) when the check runs.
 */
export type ChannelCheck = (userId: number, params: string[]) => Promise<boolean>;

export interface Realtime {
  /** Declares a family of channels and who may subscribe to them; any other channel is refused. */
  authorize(pattern: RegExp, check: ChannelCheck): void;
  /**
   * Sends an event to every subscriber of the channel, on every instance. Call it after the
   * write it announces has committed (write first, broadcast second).
   */
  broadcast(channel: string, payload: RealtimeEvent): void;
  /**
   * Drops at once, on every instance, the subscriptions of a user (or of everyone: null) to the
   * channel `prefix` and the channels under it (`teams/4` covers `teams/4/chats/9`).
   */
  revoke(userId: number | null, prefix: string): void;
  /** Streams open on this instance (metrics, bench). */
  readonly hub: RealtimeHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const KEEP_ALIVE_MS = 25_000;
/** Presence: connected users are marked seen this often, well inside the online window. */
const PRESENCE_EVERY_MS = 60_000;

const underPrefix = (prefix: string) => (channel: string) =>
  channel === prefix || channel.startsWith(`${prefix}/`);

/** What instances tell each other through Redis. */
type BusMessage =
  | { from: string; op: 'broadcast'; channel: string; data: string }
  | { from: string; op: 'subscribe' | 'unsubscribe'; uid: string; userId: number; channel: string }
  | { from: string; op: 'revoke'; userId: number | null; prefix: string };

function parseBusMessage(raw: string): BusMessage | null {
  try {
    const m = JSON.parse(raw) as Record<string, unknown>;
    if (typeof m.from !== 'string') return null;
    if (m.op === 'broadcast' && typeof m.channel === 'string' && typeof m.data === 'string')
      return m as BusMessage;
    if (
      (m.op === 'subscribe' || m.op === 'unsubscribe') &&
      typeof m.uid === 'string' &&
      Number.isSafeInteger(m.userId) &&
      typeof m.channel === 'string'
    )
      return m as BusMessage;
    if (
      m.op === 'revoke' &&
      (m.userId === null || Number.isSafeInteger(m.userId)) &&
      typeof m.prefix === 'string'
    )
      return m as BusMessage;
  } catch {
    // Not ours.
  }
  return null;
}

/**
 * The realtime channel of spec §7 (the Transmit protocol, served to the real
 * `@adonisjs/transmit-client`): `GET /api/v1/__transmit/events?uid=` opens a Server-Sent Events
 * stream for the signed-in user, `POST …/subscribe` and `…/unsubscribe` `{ uid, channel }` attach
 * channels to it once `authorize` allows them. One instance fans out in process; with Redis every
 * broadcast, subscription and revocation reaches every instance (ADR 010).
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const instanceId = randomBytes(8).toString('hex');
    const busChannel = `${app.config.redisPrefix}realtime`;
    const checks: { pattern: RegExp; check: ChannelCheck }[] = [];

    const markSeen = (ids: number[], at: 'now' | 'gone') => {
      if (ids.length === 0) return;
      const value = at === 'now' ? sql`now()` : sql`now() - ${`${ONLINE_WINDOW_MS} milliseconds`}::interval`;
      app.db
        .update(users)
        .set({ lastSeenAt: value })
        .where(inArray(users.id, ids))
        .catch((err: unknown) => app.log.warn({ err }, 'presence update failed'));
    };

    const hub = new RealtimeHub(app.config.realtimeMaxStreamsPerUser, {
      // Presence follows the live connection: online at once, offline once the last stream closes
      // (another instance still holding one marks the user seen again within a minute).
      onUserConnected: (userId) => markSeen([userId], 'now'),
      onUserDisconnected: (userId) => markSeen([userId], 'gone'),
    });

    let publisher: Redis | null = null;
    let subscriber: Redis | null = null;
    // Redis down: this instance's streams still get everything (delivered before publishing);
    // other instances' streams miss it, and their clients refetch when they reconnect.
    const publish = (message: BusMessage) => {
      if (!redisReady(publisher)) return;
      publisher
        ?.publish(busChannel, JSON.stringify(message))
        .catch((err: unknown) => app.log.warn({ err }, 'realtime publish failed'));
    };
    const revokeLocally = (userId: number | null, prefix: string) => hub.revoke(userId, underPrefix(prefix));

    if (app.redis) {
      publisher = app.redis;
      subscriber = app.redis.duplicate();
      const bus = subscriber;
      bus.on('error', (err: unknown) => app.log.debug({ err }, 'realtime subscriber error'));
      bus.on('ready', () => {
        bus
          .subscribe(busChannel)
          .catch((err: unknown) => app.log.warn({ err }, 'realtime subscription failed'));
      });
      subscriber.on('message', (_channel: string, raw: string) => {
        const message = parseBusMessage(raw);
        if (!message || message.from === instanceId) return;
        if (message.op === 'broadcast') hub.deliver(message.channel, message.data);
        else if (message.op === 'revoke') revokeLocally(message.userId, message.prefix);
        else {
          const stream = hub.find(message.uid, message.userId);
          if (!stream) return;
          if (message.op === 'subscribe') hub.subscribe(stream, message.channel);
          else hub.unsubscribe(stream, message.channel);
        }
      });
      await subscriber
        .connect()
        .catch((err: unknown) => app.log.warn({ err }, 'realtime bus unreachable at start'));
      if (redisReady(subscriber)) await subscriber.subscribe(busChannel).catch(() => {});
    }

    const realtime: Realtime = {
      hub,
      authorize(pattern, check) {
        checks.push({ pattern, check });
      },
      broadcast(channel, payload) {
        const data = frame(channel, payload);
        hub.deliver(channel, data);
        publish({ from: instanceId, op: 'broadcast', channel, data });
      },
      revoke(userId, prefix) {
        revokeLocally(userId, prefix);
        publish({ from: instanceId, op: 'revoke', userId, prefix });
      },
    };
    app.decorate('realtime', realtime);

    // users/{id}: one's own notifications and unread counts.
    realtime.authorize(channelPatterns.user, async (userId, [id]) => Number(id) === userId);

    /**
     * The ids a channel names (`teams/{id}/chats/{chatId}`) pass the rule of the routes' ids (an
     * integer from 1 to 2,147,483,647): any other, like an unknown channel, may not be read. A
     * check never sees an id that no row can have.
     */
    const channelId = idParam();
    async function mayRead(userId: number, channel: string): Promise<boolean> {
      for (const { pattern, check } of checks) {
        const match = pattern.exec(channel);
        if (!match) continue;
        const ids = match.slice(1);
        return ids.every((id) => channelId.safeParse(id).success) && check(userId, ids);
      }
      return false;
    }

    // A stream ends with the session it was opened with (logout, password change, suspension).
    const closeEndedSessions = async (streams: Stream[]) => {
      const ids = [...new Set(streams.map((s) => s.sessionId))];
      if (ids.length === 0) return;
      const alive = await app.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
      const kept = new Set(alive.map((row) => row.id));
      hub.closeWhere((stream) => ids.includes(stream.sessionId) && !kept.has(stream.sessionId));
    };
    app.invalidation.onInvalidate((message) => {
      if (message.scope === 'crm') return;
      if (message.scope === 'session') {
        hub.closeWhere((stream) => stream.sessionId === message.id);
        return;
      }
      const streams = message.scope === 'user' ? hub.streamsOf(message.id) : hub.allStreams();
      closeEndedSessions(streams).catch((err: unknown) =>
        app.log.warn({ err }, 'realtime session check failed'),
      );
    });

    const keepAlive = setInterval(() => hub.writeAll(': ping\n\n'), KEEP_ALIVE_MS);
    const presence = setInterval(() => markSeen(hub.connectedUserIds(), 'now'), PRESENCE_EVERY_MS);
    keepAlive.unref();
    presence.unref();

    // Open streams would keep the server from closing: end them first (graceful shutdown).
    app.addHook('preClose', async () => {
      clearInterval(keepAlive);
      clearInterval(presence);
      hub.closeAll();
    });
    app.addHook('onClose', async () => {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    });

    const routes = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['realtime'];
    const subscription = async (
      request: FastifyRequest,
      body: z.infer<typeof realtimeSubscriptionSchema>,
      op: 'subscribe' | 'unsubscribe',
    ) => {
      const user = requireUser(request);
      const stream = hub.find(body.uid, user.id);
      if (op === 'subscribe') {
        if (!(await mayRead(user.id, body.channel))) throw notFound('Channel');
        if (stream) hub.subscribe(stream, body.channel);
      } else if (stream) hub.unsubscribe(stream, body.channel);
      if (stream) return;
      // The stream is on another instance (no sticky sessions): the one holding it attaches it,
      // if it is the caller's. A stream here of someone else is nobody's business.
      if (!publisher || hub.has(body.uid)) throw notFound('Stream');
      publish({ from: instanceId, op, uid: body.uid, userId: user.id, channel: body.channel });
    };

    routes.post(
      '/api/v1/__transmit/subscribe',
      {
        schema: {
          tags,
          summary:
            'Attach a channel to my event stream (users/{id}, conversations/{id}, teams/{id}, teams/{id}/chats/{chatId})',
          body: realtimeSubscriptionSchema,
        },
      },
      async (request, reply) => {
        await subscription(request, request.body, 'subscribe');
        return reply.code(204).send();
      },
    );

    routes.post(
      '/api/v1/__transmit/unsubscribe',
      {
        schema: { tags, summary: 'Detach a channel from my event stream', body: realtimeSubscriptionSchema },
      },
      async (request, reply) => {
        await subscription(request, request.body, 'unsubscribe');
        return reply.code(204).send();
      },
    );

    routes.get(
      '/api/v1/__transmit/events',
      {
        schema: {
          tags,
          summary: 'My event stream (Server-Sent Events; messages `{ channel, payload }`)',
          querystring: realtimeStreamQuerySchema,
          produces: ['text/event-stream'],
          response: {
            200: {
              description:
                'Server-Sent Events: `data: {"channel":…,"payload":…}` frames, comments as keep-alive',
              content: { 'text/event-stream': { schema: z.string() } },
            },
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!request.sessionId) throw new AppError(401, errorCodes.unauthorized, 'Unauthorized access');
        // A uid belongs to the user whose stream holds it: another user's stream is never replaced.
        if (hub.isTakenByAnother(request.query.uid, user.id)) throw conflict('This stream id is in use');
        reply.hijack();
        const res = reply.raw;
        const socket = request.raw.socket;
        socket.setKeepAlive(true);
        socket.setNoDelay(true);
        socket.setTimeout(0);
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'private, no-cache, no-store, must-revalidate, max-age=0, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        // Some clients only fire `open` once a first frame arrives.
        res.write(':ok\n\n');
        const stream = hub.open(request.query.uid, user.id, request.sessionId, res);
        res.on('close', () => hub.close(stream));
        request.log.debug({ uid: stream.uid, userId: user.id }, 'realtime stream opened');
      },
    );
  },
  { name: 'realtime', dependencies: ['db', 'redis', 'invalidation', 'session'] },
);
