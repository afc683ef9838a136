import {
  changePasswordSchema,
  currentUserResponse,
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
import { afterReply, afterReplySettled } from '../../lib/after-reply';
import { getCurrentUser } from '../../lib/current-user';
import { AppError } from '../../lib/errors';
import { backoffRules, backoffWait } from '../../plugins/login-backoff';
import { type RateRule, rateLimited, rateRules } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
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
  warnOfLoginAttack,
} from './auth.service';
import { trustedDevices } from './devices';

const message = z.object({ message: z.string() });
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = trustedDevices(app.config.appKey, app.config.secureCookies);
  const ctx = (request: FastifyRequest): AuthContext => ({
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    work: request.work,
    request,
  });

  // The work left after the answers (password-reset e-mails) ends before the database closes.
  app.addHook('onClose', async () => afterReplySettled());

  /** Per-IP limits count every attempt, valid or not, so they run before validation. */
  const perIp = (name: string, rule: RateRule) => app.limitBy(rule, (request) => `${name}:ip:${request.ip}`);
  const forgotPerEmail = app.limitBy(
    rateRules.forgotPerEmail,
    (request) => `forgot:email:${normalizeEmail((request.body as { email: string }).email)}`,
  );
  const resendPerUser = app.limitBy(
    rateRules.forgotPerEmail,
    (request) => `verify-resend:user:${requireUser(request).id}`,
  );

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
      const email = normalizeEmail(request.body.email);
      const device = devices.trusted(request, email);
      // A browser that signed in to this account before is its own source, and is exempt from the
      // per-account limit: strangers guessing the password cannot lock the owner out.
      const sourceKey = device ? `login:device:${device}:${email}` : `login:ip:${request.ip}:${email}`;
      const accountKey = `login:account:${email}`;
      if (app.config.rateLimit) {
        // Failures earn a growing wait, never a lock-out (login-backoff.ts, backoffRules).
        const wait = Math.max(
          backoffWait(await app.loginBackoff.failures(sourceKey), backoffRules.loginPerSource),
          device ? 0 : backoffWait(await app.loginBackoff.failures(accountKey), backoffRules.loginPerAccount),
        );
        if (wait > 0) throw rateLimited(wait);
      }
      try {
        const user = await authenticate(ctx(request), email, request.body.password);
        await app.loginBackoff.reset(sourceKey);
        await app.startSession(request, reply, user.id);
        devices.remember(reply, email, device);
        return getCurrentUser(app.db, user);
      } catch (error) {
        if (error instanceof AppError && error.code === 'E_INVALID_CREDENTIALS') {
          await app.loginBackoff.recordFailure(sourceKey, backoffRules.loginPerSource.windowMs);
          if (!device) {
            const { count } = await app.loginBackoff.recordFailure(
              accountKey,
              backoffRules.loginPerAccount.windowMs,
            );
            // The account is being guessed at from elsewhere: its owner hears of it, once per window.
            if (count === backoffRules.loginPerAccount.free) await warnOfLoginAttack(ctx(request), email);
          }
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
      await forgotPerEmail(request);
      // Answered before the account is even looked up, the same for every address: the lookup,
      // the token and the e-mail (SMTP can take seconds) come after the answer, so that neither
      // its content nor its timing tells whether the account exists.
      const email = request.body.email;
      afterReply(reply, () => requestPasswordReset(ctx(request), email));
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
      const user = await resetPassword(ctx(request), request.body.token, request.body.password);
      // Following the e-mailed link proved the account is theirs: lift the guessing limit.
      await app.loginBackoff.reset(`login:account:${user.email}`);
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
      await resendPerUser(request);
      const sent = await resendVerification(ctx(request), user);
      if (!sent) return { message: 'Email already verified' };
      return reply.code(202).send({ message: 'Verification email sent' });
    },
  );
};
