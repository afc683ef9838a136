import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logActivity } from '../../lib/activity';
import { AppError, tooManyRequests } from '../../lib/errors';
import { type RateRule, rateRules } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { currentUserResponse } from '../users/users.presenter';
import { getCurrentUser } from '../users/users.service';
import {
  type AuthContext,
  authenticate,
  changePassword,
  normalizeEmail,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service';

const message = z.object({ message: z.string() });
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest): AuthContext => ({
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    request,
  });

  /** Per-IP limits count every attempt, valid or not, so they run before validation. */
  const perIp = (name: string, rule: RateRule) => async (request: FastifyRequest) =>
    app.limit(`${name}:ip:${request.ip}`, rule);

  app.post(
    '/register',
    {
      preValidation: perIp('register', rateRules.registerPerIp),
      schema: {
        tags,
        summary: 'Create an account; the new user is signed in and sent a verification e-mail',
        body: registerSchema,
        response: { 201: currentUserResponse },
      },
    },
    async (request, reply) => {
      const user = await register(ctx(request), request.body);
      await app.startSession(request, reply, user.id);
      return reply.code(201).send(await getCurrentUser(app.db, user));
    },
  );

  app.post(
    '/login',
    {
      preValidation: perIp('login', rateRules.loginPerIp),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (the session id is rotated)',
        body: loginSchema,
        response: { 200: currentUserResponse },
      },
    },
    async (request, reply) => {
      const emailKey = `login:email:${normalizeEmail(request.body.email)}`;
      if (
        app.config.rateLimit &&
        (await app.rateLimiter.blocked(emailKey, rateRules.loginFailuresPerEmail))
      ) {
        throw tooManyRequests();
      }
      try {
        const user = await authenticate(ctx(request), request.body.email, request.body.password);
        await app.rateLimiter.reset(emailKey);
        await app.startSession(request, reply, user.id);
        return getCurrentUser(app.db, user);
      } catch (error) {
        if (error instanceof AppError && error.code === 'E_INVALID_CREDENTIALS') {
          await app.rateLimiter.hit(emailKey, rateRules.loginFailuresPerEmail);
        }
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    { schema: { tags, summary: 'Sign out: the session ends and its cookie is cleared' } },
    async (request, reply) => {
      if (request.user) await logActivity(app.db, request.user.id, 'logout', request);
      await app.endSession(request, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/forgot-password',
    {
      preValidation: perIp('forgot', rateRules.forgotPerIp),
      schema: {
        tags,
        summary: 'Send a reset link (1 hour, single use); the answer never tells whether the account exists',
        body: forgotPasswordSchema,
        response: { 202: message },
      },
    },
    async (request, reply) => {
      await app.limit(`forgot:email:${normalizeEmail(request.body.email)}`, rateRules.forgotPerEmail);
      await requestPasswordReset(ctx(request), request.body.email);
      return reply.code(202).send({
        message: 'If an account exists for this address, a reset link has been sent.',
      });
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; every session of the account ends',
        body: resetPasswordSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      await resetPassword(ctx(request), request.body.token, request.body.password);
      return { message: 'Password reset' };
    },
  );

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password (current one required); other sessions end',
        body: changePasswordSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { currentPassword, password } = request.body;
      await changePassword(ctx(request), user, request.sessionId, currentPassword, password);
      return { message: 'Password changed' };
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the token of the verification link',
        body: verifyEmailSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      await verifyEmail(ctx(request), request.body.token);
      return { message: 'Email verified' };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      schema: {
        tags,
        summary: 'Send the verification e-mail again',
        response: { 200: message, 202: message },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.limit(`verify-resend:user:${user.id}`, rateRules.forgotPerEmail);
      const sent = await resendVerification(ctx(request), user);
      if (!sent) return { message: 'Email already verified' };
      return reply.code(202).send({ message: 'Verification email sent' });
    },
  );
};
