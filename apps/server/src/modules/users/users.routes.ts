import { currentUserResponse, emailChangeSchema, userUpdateSchema, verifyEmailSchema } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCurrentUser, presentCurrentUser } from '../../lib/current-user';
import { paginationMetaResponse, paginationQuery } from '../../lib/pagination';
import { requireUser, type Session } from '../../plugins/session';
import {
  confirmEmailChange,
  deleteAccount,
  exportAccount,
  requestEmailChange,
  updateAccount,
} from './account.service';
import { activityResponse } from './users.presenter';
import { listActivities } from './users.service';

const message = z.object({ message: z.string() });

/** The encoded `GET /user` answer of each session entry (a new entry, after any change, misses). */
const encodedAnswers = new WeakMap<Session, string>();

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user (401 when anonymous)',
        response: { 200: currentUserResponse },
      },
    },
    async (request, reply) => {
      requireUser(request);
      // The session lookup already read (or cached) everything this answer holds, and a cached
      // session is one immutable object until a write invalidates it: its answer is encoded by
      // the response schema once, then sent as is.
      const session = request.session!;
      let body = encodedAnswers.get(session);
      if (body === undefined) {
        const { user, profile } = session;
        body = JSON.stringify(currentUserResponse.encode(presentCurrentUser(user, profile, session)));
        encodedAnswers.set(session, body);
      }
      // A string with a JSON content type is sent as is: Fastify serializes only other payloads.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/user/activities',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's activity timeline, newest first",
        querystring: paginationQuery,
        response: { 200: z.object({ data: z.array(activityResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listActivities(app.db, requireUser(request).id, request.query),
  );

  app.put(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Update identity and public presentation (location, social links, availability, video)',
        body: userUpdateSchema,
        response: { 200: currentUserResponse },
      },
    },
    async (request) => {
      const user = await updateAccount(app.db, request.work, requireUser(request), request.body, request);
      return getCurrentUser(app.db, user);
    },
  );

  app.delete(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete the account and its personal data; every session ends (RGPD)',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await deleteAccount(app.db, request.work, user);
      await app.endSession(request, reply);
      request.log.info({ userId: user.id }, 'account deleted');
      return reply.code(204).send();
    },
  );

  app.get(
    '/user/export',
    {
      schema: {
        tags: ['user'],
        summary: 'Everything stored about the signed-in user, as a JSON file (RGPD)',
      },
    },
    async (request, reply) => {
      const data = await exportAccount(app.db, requireUser(request));
      reply.header('content-disposition', 'attachment; filename="closia-export.json"');
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/user/email',
    {
      schema: {
        tags: ['user'],
        summary: 'Ask to change the e-mail address: a confirmation link goes to the new one',
        body: emailChangeSchema,
        response: { 202: message },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.limitBy({ limit: 5, windowMs: 3600_000 }, () => `email-change:user:${user.id}`)(request);
      await requestEmailChange(
        { db: app.db, mailer: app.mailer, appUrl: app.config.appUrl },
        user,
        request.body,
      );
      return reply.code(202).send({ message: 'Confirmation link sent to the new address' });
    },
  );

  app.post(
    '/user/email/confirm',
    {
      schema: {
        tags: ['user'],
        summary: 'Confirm a new e-mail address with the token of its link (no session needed)',
        body: verifyEmailSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      await confirmEmailChange(app.db, request.work, request.body.token, request);
      return { message: 'Email changed' };
    },
  );
};
