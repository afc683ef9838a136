import { errorCodes } from '@closia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hmac, randomToken, safeEqual } from '../lib/crypto';
import { AppError } from '../lib/errors';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opt a route out of the CSRF check (e.g. a payment webhook signed otherwise). */
    csrf?: false;
  }
}

/**
 * Signed double-submit: a readable `XSRF-TOKEN` cookie (`nonce.signature`) that the browser's
 * script copies into the `X-XSRF-TOKEN` header on every unsafe method. Another site can neither
 * read the cookie nor forge a signed value.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    const key = `${app.config.appKey}:csrf`;
    const sign = (nonce: string) => `${nonce}.${hmac(key, nonce)}`;
    const isValid = (token: string | undefined): token is string => {
      if (!token) return false;
      const [nonce, signature] = token.split('.');
      return !!nonce && !!signature && safeEqual(signature, hmac(key, nonce));
    };

    const issue = (request: FastifyRequest, reply: FastifyReply) => {
      if (isValid(request.cookies[CSRF_COOKIE])) return;
      reply.setCookie(CSRF_COOKIE, sign(randomToken(18)), {
        path: '/',
        sameSite: 'lax',
        secure: app.config.secureCookies,
        httpOnly: false,
      });
    };

    app.addHook('onRequest', async (request, reply) => {
      issue(request, reply);
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      if (!isValid(cookie) || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw new AppError(403, errorCodes.csrf, 'Invalid or missing CSRF token');
      }
    });

    app.get('/api/v1/csrf', { schema: { hide: true } }, async (_request, reply) => reply.code(204).send());
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'] },
);
