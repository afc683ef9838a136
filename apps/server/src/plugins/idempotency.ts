import { createHash } from 'node:crypto';
import { errorCodes } from '@closia/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError, unavailableCause } from '../db/resilience';
import { idempotencyKeys } from '../db/schema';
import { AppError, fieldError } from '../lib/errors';

const HEADER = 'idempotency-key';
const KEEP_MS = 24 * 3600_000;
/** Printable ASCII, as Stripe's keys: a UUID fits, and so does any client's own scheme. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's `Idempotency-Key` once reserved for this request (its answer is kept). */
    idempotencyKey: string | null;
  }
}

/**
 * `Idempotency-Key` on a signed-in caller's POST (ADR 013): the first request with a key reserves
 * it, and its answer (any status below 500) is kept 24 h and given again, byte for byte, to every
 * retry with the same key — so a client that lost the answer (a dropped connection, a 503 saying
 * the outcome is unknown) retries a create without making it twice. The same key with another
 * method, path or body is refused (422); a key whose request is still running, or whose outcome
 * was lost with the database, answers 409 until the client checks and uses a new key.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('idempotencyKey', null);

    // Synchronous for every request that is not a signed-in POST with a key (reads above all).
    app.addHook('preHandler', (request, reply, done) => {
      if (request.headers[HEADER] === undefined || request.method !== 'POST' || !request.user) return done();
      // A replayed answer is sent by `reserve`: the hook then ends without going on to the handler.
      reserve(request, reply).then((replayed) => {
        if (!replayed) done();
      }, done);
    });

    /** Reserves the key, or sends the answer kept for it (true). */
    async function reserve(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const raw = request.headers[HEADER];
      if (raw === undefined || !request.user) return false;
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (!key || !KEY_PATTERN.test(key)) {
        throw fieldError(
          'Idempotency-Key',
          'regex',
          'The Idempotency-Key header must be 1 to 255 visible characters',
        );
      }
      const userId = request.user.id;
      const fingerprint = createHash('sha256')
        .update(`${request.method} ${request.url}\n`)
        .update(JSON.stringify(request.body ?? null))
        .digest('hex');
      // Reserve the key, or take it back if the one kept has expired.
      const [reserved] = await app.db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { fingerprint, status: null, response: null, contentType: null, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, sql`now() - interval '24 hours'`),
        })
        .returning({ userId: idempotencyKeys.userId });
      if (reserved) {
        request.idempotencyKey = key;
        return false;
      }
      const [kept] = await app.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!kept) throw new ServiceUnavailableError(); // swept in between: the client retries
      if (kept.fingerprint !== fingerprint) {
        throw fieldError(
          'Idempotency-Key',
          'unique',
          'This Idempotency-Key was already used for another request',
        );
      }
      if (kept.status === null) {
        throw new AppError(
          409,
          errorCodes.conflict,
          'Une requête avec cette clé est en cours, ou son résultat est inconnu : vérifiez avant de réessayer avec une nouvelle clé.',
          undefined,
          'REQUEST_IN_PROGRESS',
        );
      }
      reply.header('idempotent-replayed', 'true');
      if (kept.contentType) reply.type(kept.contentType);
      reply.code(kept.status).send(kept.response ?? undefined);
      return true;
    }

    // The answer is kept once it is known; a failure that surely saved nothing frees the key.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.idempotencyKey || !request.user) return done(null, payload);
      keep(request, reply, payload).then(() => done(null, payload), done);
    });

    async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const key = request.idempotencyKey;
      if (!key || !request.user) return;
      request.idempotencyKey = null;
      const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key));
      try {
        if (reply.statusCode >= 500) {
          // 503 "outcome unknown" keeps the key locked: a retry must not run the write again.
          const unknown = reply.statusCode === 503 && request.writeOutcomeUnknown;
          if (!unknown) await app.db.delete(idempotencyKeys).where(where);
        } else {
          await app.db
            .update(idempotencyKeys)
            .set({
              status: reply.statusCode,
              response:
                typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null,
              contentType: String(reply.getHeader('content-type') ?? '') || null,
            })
            .where(where);
        }
      } catch (error) {
        // Left reserved: a retry then answers 409 (check first) rather than writing twice.
        if (!unavailableCause(error)) request.log.error({ err: error }, 'idempotency key not saved');
      }
    }

    const sweep = setInterval(() => {
      app.db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEEP_MS)))
        .catch((err: unknown) => app.log.warn({ err }, 'idempotency sweep failed'));
    }, 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'idempotency', dependencies: ['db', 'session'] },
);
