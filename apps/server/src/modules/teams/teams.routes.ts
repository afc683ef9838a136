import {
  channelPatterns,
  idParam,
  teamCreateSchema,
  teamListQuerySchema,
  teamMemberUpdateSchema,
  teamTransferSchema,
  teamUpdateSchema,
} from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationMetaResponse } from '../../lib/pagination';
import { requireAdmin, requireUser } from '../../plugins/session';
import { MAX_PICTURE_BYTES } from '../pictures/pictures.service';
import { readPhoto } from '../pictures/upload';
import { teamChatsRoutes } from './team-chats.routes';
import { mayReadChat } from './team-chats.service';
import { teamEventsRoutes } from './team-events.routes';
import { teamInvitationsRoutes } from './team-invitations.routes';
import { listOf, teamMemberResponse, teamResponse } from './teams.presenter';
import {
  asInvitee,
  changeRole,
  createTeam,
  deleteOwnTeam,
  deleteTeam,
  getTeam,
  listAllTeams,
  listMembers,
  listMyTeams,
  presentTeamById,
  removeMember,
  replaceTeamAvatar,
  requireMember,
  roleIn,
  teamAvatarFile,
  transferTeam,
  updateTeam,
} from './teams.service';

const tags = ['teams'];
const teamParams = z.object({ id: idParam() });
const memberParams = z.object({ id: idParam(), userId: idParam() });
const avatarForm = z
  .object({ photo: z.file().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

/**
 * Teams: settings, picture, members and roles, and /admin/teams (ADR 011); with their invitations,
 * chats and events (team-*.routes.ts), all for signed-in users.
 */
export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 2, parts: 3 },
  });
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.realtime.authorize(
    channelPatterns.team,
    async (userId, [id]) => (await roleIn(app.db, Number(id), userId)) !== null,
  );
  app.realtime.authorize(channelPatterns.teamChat, (userId, [id, chatId]) =>
    mayReadChat(app.db, userId, Number(id), Number(chatId)),
  );

  const me = (request: FastifyRequest) => requireUser(request);

  await app.register(teamInvitationsRoutes);
  await app.register(teamChatsRoutes);
  await app.register(teamEventsRoutes);

  // ------------------------------------------------------------------------------------ teams

  app.get(
    '/teams',
    {
      schema: {
        tags,
        summary: 'My teams (search by name)',
        querystring: teamListQuerySchema,
        response: { 200: z.object({ data: z.array(teamResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listMyTeams(app.db, me(request).id, request.query),
  );

  app.post(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Create a team: I am its creator; it starts with a "Général" chat',
        body: teamCreateSchema,
        response: { 201: teamResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await createTeam(app.db, me(request).id, request.body)),
  );

  app.get(
    '/teams/:id',
    { schema: { tags, summary: 'A team I belong to', params: teamParams, response: { 200: teamResponse } } },
    async (request) => getTeam(app.db, me(request).id, request.params.id),
  );

  app.put(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Change the name, description or avatar URL (creator)',
        params: teamParams,
        body: teamUpdateSchema,
        response: { 200: teamResponse },
      },
    },
    async (request) => updateTeam(app.db, request.work, me(request).id, request.params.id, request.body),
  );

  app.delete(
    '/teams/:id',
    { schema: { tags, summary: 'Delete the team and everything in it (creator)', params: teamParams } },
    async (request, reply) => {
      await deleteOwnTeam(app.db, request.work, me(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/teams/:id/avatar',
    {
      schema: {
        tags,
        summary: 'Upload the team picture (multipart field photo; JPEG, PNG or WebP, ≤ 5 MB; creator)',
        consumes: ['multipart/form-data'],
        params: teamParams,
        body: avatarForm,
        response: { 200: teamResponse },
      },
    },
    async (request) => {
      const user = me(request);
      const photo = await readPhoto(request);
      return replaceTeamAvatar(app.db, request.work, app.storage, user.id, request.params.id, photo);
    },
  );

  app.delete(
    '/teams/:id/avatar',
    {
      schema: {
        tags,
        summary: 'Remove the team picture (creator)',
        params: teamParams,
        response: { 200: teamResponse },
      },
    },
    async (request) =>
      replaceTeamAvatar(app.db, request.work, app.storage, me(request).id, request.params.id, null),
  );

  app.get(
    '/teams/:id/avatar',
    {
      schema: {
        tags,
        summary: 'The stored team picture (members, invitees with a pending invitation, admins; others 404)',
        params: teamParams,
        querystring: z.object({ v: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const data = await teamAvatarFile(app.db, app.storage, asInvitee(me(request)), request.params.id);
      // The URL carries the file name (?v=): a new picture is a new URL.
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return reply.type('image/webp').send(data);
    },
  );

  // ---------------------------------------------------------------------------------- members

  app.get(
    '/teams/:id/members',
    {
      schema: {
        tags,
        summary: 'The members: creator, admins, then members',
        params: teamParams,
        response: { 200: listOf(teamMemberResponse) },
      },
    },
    async (request) => {
      await requireMember(app.db, request.params.id, me(request).id);
      return { data: await listMembers(app.db, request.params.id) };
    },
  );

  app.put(
    '/teams/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Make a member admin, or member again (creator)',
        params: memberParams,
        body: teamMemberUpdateSchema,
        response: { 200: teamMemberResponse },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      return changeRole(app.db, request.work, me(request), id, userId, request.body.role);
    },
  );

  app.delete(
    '/teams/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (creator: anyone; admin: members), or leave when it is myself',
        params: memberParams,
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await removeMember(app.db, request.work, me(request), id, userId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/teams/:id/transfer',
    {
      schema: {
        tags,
        summary: 'Give the creator role to another member; I become admin (creator)',
        params: teamParams,
        body: teamTransferSchema,
        response: { 200: teamResponse },
      },
    },
    async (request) =>
      transferTeam(app.db, request.work, me(request), request.params.id, request.body.userId),
  );

  // ------------------------------------------------------------------------------------ admin

  app.get(
    '/admin/teams',
    {
      schema: {
        tags,
        summary: 'Every team, search by name or description (admins)',
        querystring: teamListQuerySchema,
        response: { 200: z.object({ data: z.array(teamResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listAllTeams(app.db, requireAdmin(request).id, request.query),
  );

  app.get(
    '/admin/teams/:id',
    {
      schema: {
        tags,
        summary: 'A team with its members (admins)',
        params: teamParams,
        response: { 200: teamResponse.extend({ members: z.array(teamMemberResponse) }) },
      },
    },
    async (request) => ({
      ...(await presentTeamById(app.db, requireAdmin(request).id, request.params.id)),
      members: await listMembers(app.db, request.params.id),
    }),
  );

  app.delete(
    '/admin/teams/:id',
    { schema: { tags, summary: 'Delete a team (admins)', params: teamParams } },
    async (request, reply) => {
      requireAdmin(request);
      await deleteTeam(app.db, request.work, request.params.id);
      return reply.code(204).send();
    },
  );
};
