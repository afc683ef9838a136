import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { unavailableCause } from '../db/resilience';
import { type ProfileRow, profiles, sessions, type UserRow, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { currentUserExtras, pastDueSinceOfUser } from '../lib/current-user';
import { forbidden, unauthorized } from '../lib/errors';
import { type Session, SessionCache } from '../lib/session-cache';
import { unreadMessageCount } from '../lib/unread-messages';

export const SESSION_COOKIE = 'closia_session';
const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** Sliding expiry and presence are written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type { Session } from '../lib/session-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (shared with other requests through the cache: never mutate it). */
    user: UserRow | null;
    /** The signed-in session with the user's sub-profile and unread count, as of the lookup. */
    session: Session | null;
    /** Hash of the session cookie (the `sessions.id`), when signed in. */
    sessionId: string | null;
    /**
     * Hash of the session cookie that the browser holds once this response arrives: the one it
     * sent (valid or not), a new one after login, null after logout. The CSRF token is bound to it.
     */
    sessionKey: string | null;
  }
  interface FastifyInstance {
    /** Opens a new session for the user (a fresh id: rotation at login) and sets the cookie. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Forgets cached sessions in every instance; call it after any write (committed) that changes
     * a user row, a sub-profile, the unread count or the sessions of a user.
     */
    sessions: {
      invalidateUser(userId: number): Promise<void>;
      invalidateSession(sessionId: string): Promise<void>;
      invalidateAll(): Promise<void>;
    };
  }
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.admin) throw forbidden();
  return user;
}

/**
 * Ends every session of a user, except `keepSessionId` (password change keeps the current one).
 * Inside a transaction: call `app.sessions.invalidateUser` once it has committed.
 */
export async function revokeSessions(db: DbOrTx, userId: number, keepSessionId?: string | null) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.secureCookies,
    };
    const cache = new SessionCache<UserRow, ProfileRow>({ ttlMs: app.config.sessionCacheTtlMs });

    app.decorateRequest('user', null);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionKey', null);

    // On a cache miss: the session, its user, the sub-profile, the unread count and a past-due payment in one
    // prepared query (everything GET /api/v1/user answers).
    const findSession = app.db
      .select({
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        user: users,
        profile: profiles,
        unread: unreadMessageCount,
        pastDueSince: pastDueSinceOfUser,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1)
      .prepare('find_session');

    /** The session in this process's cache, when it may be trusted. */
    function cached(id: string): Session | undefined {
      // Fail safe: while another instance's logout could go unheard, every request asks the database.
      return app.invalidation.reliable ? cache.get(id) : undefined;
    }

    async function lookup(id: string): Promise<Session | null> {
      const trusted = app.invalidation.reliable;
      const hit = trusted ? cache.get(id) : undefined;
      if (hit) return hit;
      const epoch = cache.epoch();
      const [row] = await findSession.execute({ id });
      if (!row) return null;
      const entry: Session = {
        sessionId: id,
        user: Object.freeze(row.user),
        profile: row.profile ? Object.freeze(row.profile) : null,
        ...currentUserExtras(row),
        lastSeenAt: row.lastSeenAt,
        expiresAt: row.expiresAt,
      };
      if (trusted) cache.set(row.user.id, entry, epoch);
      return entry;
    }

    app.invalidation.onInvalidate((message) => {
      if (message.scope === 'session') cache.deleteSession(message.id);
      else if (message.scope === 'user') cache.deleteUser(message.id);
      else if (message.scope === 'all') cache.clear();
    });
    app.decorate('sessions', {
      invalidateUser: (userId: number) => app.invalidation.publish({ scope: 'user', id: userId }),
      invalidateSession: (sessionId: string) => app.invalidation.publish({ scope: 'session', id: sessionId }),
      invalidateAll: () => app.invalidation.publish({ scope: 'all' }),
    });

    const signIn = (request: FastifyRequest, session: Session) => {
      request.session = session;
      request.user = session.user;
      request.sessionId = session.sessionId;
    };

    // Synchronous (`done`) when the session is in the cache and recently touched: most requests
    // of a signed-in user then run no query and make no promise here.
    app.addHook('onRequest', (request, reply, done) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return done();
      const id = sha256(token);
      request.sessionKey = id;
      // The probe and the pages' files never need who is asking: they answer while the database is down.
      const needsUser = request.url.startsWith('/api/') || request.url.startsWith('/__transmit');
      if (!needsUser && (request.url === '/health' || request.url.startsWith('/assets/'))) return done();
      const hit = cached(id);
      if (hit && Date.now() - hit.lastSeenAt.getTime() <= TOUCH_EVERY_MS) {
        signIn(request, hit);
        return done();
      }
      resolve(request, reply, id, needsUser).then(() => done(), done);
    });

    /** The session of a request when the cache does not have it (or it is due for a touch). */
    async function resolve(request: FastifyRequest, reply: FastifyReply, id: string, needsUser: boolean) {
      let session: Session | null;
      try {
        session = await lookup(id);
      } catch (error) {
        // A page is still served during an outage (its API calls then say what is wrong).
        if (needsUser || !unavailableCause(error)) throw error;
        request.sessionKey = null;
        return;
      }
      if (!session) {
        request.sessionKey = null;
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return;
      }
      signIn(request, session);
      const now = new Date();
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await app.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
        await app.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, session.user.id));
        const user = Object.freeze({ ...session.user, lastSeenAt: now });
        cache.touch(id, { lastSeenAt: now, expiresAt }, user);
        request.user = user;
        request.session = { ...session, user, lastSeenAt: now, expiresAt };
      }
    }

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
      if (request.sessionId) {
        await app.db.delete(sessions).where(eq(sessions.id, request.sessionId));
        await app.sessions.invalidateSession(request.sessionId);
      }
      const token = randomToken();
      const id = sha256(token);
      const now = new Date();
      await app.db.insert(sessions).values({
        id,
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      });
      await app.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
      request.sessionId = id;
      request.sessionKey = id;
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.sessionId) {
        await app.db.delete(sessions).where(eq(sessions.id, request.sessionId));
        await app.sessions.invalidateSession(request.sessionId);
      }
      request.user = null;
      request.session = null;
      request.sessionId = null;
      request.sessionKey = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    // Expired sessions are swept once an hour (the cache checks each entry's expiry itself).
    const sweep = setInterval(() => {
      app.db
        .delete(sessions)
        .where(lt(sessions.expiresAt, new Date()))
        .catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
    }, 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['db', '@fastify/cookie', 'invalidation'] },
);
