import { errorCodes } from '@closia/shared';
import Tokens from '@fastify/csrf';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmac, safeEqual, sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from './session';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Good tokens remembered (see `verified`): a few MB at most. */
const VERIFIED_MAX = 20_000;

/** An answer of the API (`/api/…`) or a document of the app (an HTML page, e.g. index.html). */
function isApiOrDocument(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.url.startsWith('/api/')) return true;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

/** What a token is bound to: the session cookie's hash, or nothing yet (never empty for the library). */
const userInfoOf = (binding: string) => (binding ? `session:${binding}` : 'anonymous');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opt a route out of the CSRF check (e.g. a payment webhook signed otherwise). */
    csrf?: false;
  }
  interface FastifyRequest {
    /** Whether the request's XSRF-TOKEN cookie was signed for the session cookie it came with. */
    csrfTokenValid: boolean;
    /** The session binding the request came with ('' when anonymous). */
    csrfBinding: string;
  }
}

/**
 * Signed double-submit, bound to the session: a readable `XSRF-TOKEN` cookie that the browser's
 * script copies into the `X-XSRF-TOKEN` header on every unsafe method. Tokens are made and checked
 * by `@fastify/csrf` (the token engine of `@fastify/csrf-protection`; HMAC with a key from
 * APP_KEY, over a salt and the session binding as its `userInfo`): another site can neither read
 * the cookie nor forge a token; a token taken from one session (or before login) is worthless with
 * another session cookie, and every change of session (login, logout, expiry) issues a new token
 * in the same response. The secret never travels: it is derived from APP_KEY (ADR 014).
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const secret = hmac(app.config.appKey, 'csrf-secret');
    // No `validity`: a token stays good as long as its session cookie (see tokenIsValid).
    const tokens = new Tokens({ hmacKey: `${app.config.appKey}:csrf`, userInfo: true });
    // The tokens found good, with their binding. Checking one is two HMACs and a hash (a few
    // per cent of a cached read, issue 19); the answer only depends on the token, the binding and
    // the secret, which never changes while the process runs, and tokens do not expire: a token
    // found good stays good. Only good ones are kept (a forger cannot fill it), at most
    // VERIFIED_MAX, the oldest forgotten first.
    const verified = new Set<string>();
    const tokenIsValid = (request: FastifyRequest) => {
      const token = request.cookies?.[CSRF_COOKIE];
      if (typeof token !== 'string') return false;
      const key = `${request.csrfBinding} ${token}`;
      if (verified.has(key)) return true;
      if (!tokens.verify(secret, token, userInfoOf(request.csrfBinding))) return false;
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.values().next().value!);
      verified.add(key);
      return true;
    };

    app.decorateRequest('csrfTokenValid', false);
    app.decorateRequest('csrfBinding', '');

    // Synchronous hooks (`done`): no promise per request.
    app.addHook('onRequest', (request, _reply, done) => {
      // The session plugin ran first: `sessionId` is the hash of the session cookie sent, if any
      // (null when that session no longer exists, but the token was bound to the cookie itself).
      const sessionCookie = request.cookies?.[SESSION_COOKIE];
      request.csrfBinding = sessionCookie ? (request.sessionId ?? sha256(sessionCookie)) : '';
      request.csrfTokenValid = tokenIsValid(request);
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return done();
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies?.[CSRF_COOKIE];
      if (!request.csrfTokenValid || typeof header !== 'string' || !cookie || !safeEqual(header, cookie)) {
        return done(new AppError(403, errorCodes.csrf, 'Invalid or missing CSRF token'));
      }
      done();
    });

    // A missing or foreign token, or a session that changed during the request: a new token.
    // Only on the answers a browser's script works from: the API's and the app's pages (HTML).
    // Never on static files: a hashed asset is cached for a year by every cache on the way, and a
    // Set-Cookie there would be stored and replayed with it.
    app.addHook('onSend', (request, reply, payload, done) => {
      const binding = request.sessionKey ?? '';
      if ((request.csrfTokenValid && binding === request.csrfBinding) || !isApiOrDocument(request, reply)) {
        return done(null, payload);
      }
      reply.setCookie(CSRF_COOKIE, tokens.create(secret, userInfoOf(binding)), {
        path: '/',
        sameSite: 'lax',
        secure: app.config.secureCookies,
        httpOnly: false,
      });
      done(null, payload);
    });

    app.get('/api/v1/csrf', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  },
  { name: 'csrf', dependencies: ['@fastify/cookie', 'session'] },
);
