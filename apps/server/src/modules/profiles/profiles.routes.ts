import {
  changeAccountSchema,
  currentUserResponse,
  idParam,
  infopreneurProfileSchema,
  publicUserResponse,
  salesProfileResponse,
  salesProfileUpdateSchema,
  subProfileResponse,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCurrentUser, presentSalesProfile, presentSubProfile } from '../../lib/current-user';
import { requireUser } from '../../plugins/session';
import { findUser } from '../users/users.service';
import { changeAccount, getPublicUser, type ProfileKind, saveProfile } from './profiles.service';

const tags = ['profiles'];

/** The four profile calls of spec §7, each with its own answer key. */
const salesKinds = [
  { path: 'setter', kind: 'setter', key: 'newSetter' },
  { path: 'closer', kind: 'closer', key: 'newCloser' },
  { path: 'setter-closer', kind: 'setter_closer', key: 'newSetterCloser' },
] as const satisfies readonly { path: string; kind: ProfileKind; key: string }[];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, kind, key } of salesKinds) {
    app.put(
      `/user/${path}`,
      {
        schema: {
          tags,
          summary: `Create or update the ${path} profile (partial; finishedProfileSetup requires a complete profile)`,
          body: salesProfileUpdateSchema,
          response: { 200: z.object({ [key]: salesProfileResponse }) },
        },
      },
      async (request) => {
        const profile = await saveProfile(
          app.db,
          request.work,
          requireUser(request),
          kind,
          request.body,
          request,
        );
        return { [key]: presentSalesProfile(profile) };
      },
    );
  }

  app.put(
    '/user/infopreneur',
    {
      schema: {
        tags,
        summary: 'Create or update the infopreneur profile',
        body: infopreneurProfileSchema,
        response: { 200: z.object({ newInfopreneur: subProfileResponse }) },
      },
    },
    async (request) => {
      const profile = await saveProfile(
        app.db,
        request.work,
        requireUser(request),
        'infopreneur',
        request.body,
        request,
      );
      return { newInfopreneur: presentSubProfile(profile) };
    },
  );

  app.post(
    '/user/change-account',
    {
      schema: {
        tags,
        summary: 'Clear the sub-profile to pick another account type (optionally the new role at once)',
        // A call without a body reaches validation as null.
        body: changeAccountSchema.nullish(),
        response: { 200: currentUserResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await changeAccount(app.db, request.work, user, request.body ?? {}, request);
      return getCurrentUser(app.db, await findUser(app.db, user.id));
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: "A user's public profile (signed-in users only; no e-mail, nothing private)",
        params: z.object({ id: idParam() }),
        response: { 200: publicUserResponse },
      },
    },
    async (request) => {
      requireUser(request);
      return getPublicUser(app.db, request.params.id);
    },
  );
};
