import {
  changeAccountSchema,
  idParam,
  infopreneurProfileSchema,
  type PublicUser,
  salesProfileUpdateSchema,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import {
  currentUserResponse,
  presentSalesProfile,
  presentSubProfile,
  salesProfileResponse,
  subProfileResponse,
} from '../users/users.presenter';
import { findUser, getCurrentUser } from '../users/users.service';
import { changeAccount, getPublicUser, type ProfileKind, saveProfile } from './profiles.service';

const tags = ['profiles'];

const publicSubProfile = {
  description: z.string().nullable(),
  workSectors: z.array(z.object({ id: z.number(), name: z.string() })),
  finishedProfileSetup: z.boolean(),
};
const publicSalesProfile = z.object({
  ...publicSubProfile,
  conversionRate: z.number().nullable(),
  experience: z.string().nullable(),
  experienceYears: z.number().nullable(),
  skills: z.array(z.string()),
  formations: z.array(z.object({ name: z.string(), link: z.string().nullable().optional() })),
  socialLinks: z.array(z.string()),
  videoUrl: z.string().nullable(),
});
const publicUserResponse = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  profilePicture: z.string().nullable(),
  banner: z.string().nullable(),
  role: z.string().nullable(),
  location: z.string().nullable(),
  available: z.boolean(),
  online: z.boolean(),
  socialLinks: z.array(z.string()),
  videoUrl: z.string().nullable(),
  loom: z.string().nullable(),
  setter: publicSalesProfile.nullable(),
  closer: publicSalesProfile.nullable(),
  setterCloser: publicSalesProfile.nullable(),
  infopreneur: z.object(publicSubProfile).nullable(),
  services: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string(),
      price: z.number(),
      commissionRate: z.number(),
      locationType: z.string(),
    }),
  ),
  missions: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      missionType: z.string(),
      serviceId: z.number(),
      createdAt: z.string(),
    }),
  ),
  createdAt: z.string(),
}) satisfies z.ZodType<PublicUser>;

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
        const profile = await saveProfile(app.db, requireUser(request), kind, request.body, request);
        await app.sessions.invalidateUser(profile.userId);
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
      const profile = await saveProfile(app.db, requireUser(request), 'infopreneur', request.body, request);
      await app.sessions.invalidateUser(profile.userId);
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
      await changeAccount(app.db, user, request.body ?? {}, request);
      await app.sessions.invalidateUser(user.id);
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
