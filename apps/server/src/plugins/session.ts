import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { forbidden, unauthorized } from '../lib/errors';

export const SESSION_COOKIE = 'closia_session';
const SESSION_TTL_MS = 30 * 24 * 3600_000;
/** Sliding expiry and presence are written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** Hash of the session cookie (the `sessions.id`), when signed in. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Opens a new session for the user (a fresh id: rotation at login) and sets the cookie. */
    startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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

/** Ends every session of a user, except `keepSessionId` (password change keeps the current one). */
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

    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    // Runs on every signed-in request: prepared once, planned once per connection.
    const findSession = app.db
      .select({ user: users, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql`now()`),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1)
      .prepare('find_session');

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const id = sha256(token);
      const now = new Date();
      const [row] = await findSession.execute({ id });
      if (!row) {
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return;
      }
      request.user = row.user;
      request.sessionId = id;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await app.db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
          .where(eq(sessions.id, id));
        await app.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, row.user.id));
      }
    });

    app.decorate('startSession', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
      if (request.sessionId) await app.db.delete(sessions).where(eq(sessions.id, request.sessionId));
      const token = randomToken();
      const now = new Date();
      await app.db.insert(sessions).values({
        id: sha256(token),
        userId,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      });
      await app.db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
      request.sessionId = sha256(token);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.sessionId) await app.db.delete(sessions).where(eq(sessions.id, request.sessionId));
      request.user = null;
      request.sessionId = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });

    // Expired sessions are swept once an hour.
    const sweep = setInterval(() => {
      app.db
        .delete(sessions)
        .where(lt(sessions.expiresAt, new Date()))
        .catch((err: unknown) => app.log.warn({ err }, 'session sweep failed'));
    }, 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['db', '@fastify/cookie'] },
);
