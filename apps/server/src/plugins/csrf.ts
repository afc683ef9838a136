import { errorCodes } from '@closia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { SESSION_COOKIE } from './session';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An answer of the API (`/api/…`) or a document of the app (an HTML page, e.g. index.html). */
function isApiOrDocument(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.url.startsWith('/api/')) return true;
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

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
 * Signed double-submit, bound to the session: a readable `XSRF-TOKEN` cookie
 * `nonce.HMAC(APP_KEY, nonce + session)` that the browser's script copies into the `X-XSRF-TOKEN`
 * header on every unsafe method. Another site can neither read the cookie nor forge a signature;
 * a token taken from one session (or before login) is worthless with another session cookie, and
 * every change of session (login, logout, expiry) issues a new token in the same response.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const key = `${app.config.appKey}:csrf`;
    const sign = (nonce: string, binding: string) => `${nonce}.${hmac(key, `${nonce}:${binding}`)}`;
    const isValid = (token: string | undefined, binding: string): token is string => {
      if (!token) return false;
      const [nonce, signature, extra] = token.split('.');
      return !!nonce && !!signature && extra === undefined && safeEqual(token, sign(nonce, binding));
    };

    app.decorateRequest('csrfTokenValid', false);
    app.decorateRequest('csrfBinding', '');

    app.addHook('onRequest', async (request: FastifyRequest) => {
      // The session plugin ran first: `sessionKey` is the hash of the session cookie sent, if any
      // (null when that session no longer exists, but the token was bound to the cookie itself).
      const sessionCookie = request.cookies[SESSION_COOKIE];
      request.csrfBinding = sessionCookie ? (request.sessionId ?? sha256(sessionCookie)) : '';
      const cookie = request.cookies[CSRF_COOKIE];
      request.csrfTokenValid = isValid(cookie, request.csrfBinding);
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
      const header = request.headers[CSRF_HEADER];
      if (!request.csrfTokenValid || typeof header !== 'string' || !safeEqual(header, cookie!)) {
        throw new AppError(403, errorCodes.csrf, 'Invalid or missing CSRF token');
      }
    });

    // A missing or foreign token, or a session that changed during the request: a new token.
    // Only on the answers a browser's script works from: the API's and the app's pages (HTML).
    // Never on static files: a hashed asset is cached for a year by every cache on the way, and a
    // Set-Cookie there would be stored and replayed with it.
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isApiOrDocument(request, reply)) return;
      const binding = request.sessionKey ?? '';
      if (request.csrfTokenValid && binding === request.csrfBinding) return;
      reply.setCookie(CSRF_COOKIE, sign(randomToken(18), binding), {
        path: '/',
        sameSite: 'lax',
        secure: app.config.secureCookies,
        httpOnly: false,
      });
    });

    app.get('/api/v1/csrf', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  },
  { name: 'csrf', dependencies: ['@fastify/cookie', 'session'] },
);
