import {
  idParam,
  messageListQuerySchema,
  type RealtimeEvent,
  teamChatSchema,
  teamCreateSchema,
  teamEventCreateSchema,
  teamEventListQuerySchema,
  teamEventUpdateSchema,
  teamInvitationCreateSchema,
  teamListQuerySchema,
  teamMemberUpdateSchema,
  teamTransferSchema,
  teamUpdateSchema,
} from '@closia/shared';
import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teams } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { paginationMetaResponse } from '../../lib/pagination';
import { viewerOf } from '../../lib/viewer';
import { requireAdmin, requireUser } from '../../plugins/session';
import { teamStatsOf } from '../deals/team-stats';
import { messageForm, readMessageForm } from '../messages/message-form';
import { messagePageResponse, messageResponse } from '../messages/messages.presenter';
import {
  deleteTeamAvatar,
  MAX_PICTURE_BYTES,
  readTeamAvatar,
  storeTeamAvatar,
} from '../pictures/pictures.service';
import { readPhoto } from '../pictures/upload';
import {
  chatMessages,
  createChat,
  deleteChat,
  listChats,
  mayReadChat,
  renameChat,
  sendChatMessage,
} from './team-chats.service';
import {
  createEvent,
  deleteEvent,
  eventCalendar,
  getEvent,
  listEvents,
  updateEvent,
} from './team-events.service';
import {
  listOf,
  teamChatResponse,
  teamEventResponse,
  teamInvitationResponse,
  teamMemberResponse,
  teamResponse,
  teamStatsResponse,
} from './teams.presenter';
import {
  answerInvitation,
  cancelInvitation,
  changeRole,
  createTeam,
  deleteTeam,
  getMyInvitation,
  getTeam,
  invite,
  listAllTeams,
  listMembers,
  listMyTeams,
  listTeamInvitations,
  mayViewTeamAvatar,
  myInvitations,
  presentTeamById,
  removeMember,
  requireCapability,
  requireMember,
  roleIn,
  setTeamAvatar,
  transferTeam,
  updateTeam,
} from './teams.service';

const tags = ['teams'];
const teamParams = z.object({ id: idParam() });
const memberParams = z.object({ id: idParam(), userId: idParam() });
const chatParams = z.object({ id: idParam(), chatId: idParam() });
const eventParams = z.object({ id: idParam(), eventId: idParam() });
const invitationParams = z.object({ id: idParam(), invitationId: idParam() });
const avatarForm = z
  .object({ photo: z.file().meta({ description: 'JPEG, PNG or WebP image, at most 5 MB' }) })
  .nullish();

/** Teams: settings, members and roles, invitations, chats, events (ADR 011), and /admin/teams. */
export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 2, parts: 3 },
  });
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });

  app.realtime.authorize(
    /^teams\/(\d+)$/,
    async (userId, [id]) => (await roleIn(app.db, Number(id), userId)) !== null,
  );
  app.realtime.authorize(/^teams\/(\d+)\/chats\/(\d+)$/, (userId, [id, chatId]) =>
    mayReadChat(app.db, userId, Number(id), Number(chatId)),
  );

  const me = (request: FastifyRequest) => requireUser(request);
  const changed = (teamId: number, what: Extract<RealtimeEvent, { type: 'team.changed' }>['what']) =>
    app.realtime.broadcast(`teams/${teamId}`, { type: 'team.changed', teamId, what });
  const invitee = (request: FastifyRequest) => {
    const user = me(request);
    return { ...user, emailVerified: user.emailVerifiedAt !== null };
  };

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

  app.get(
    '/teams/:id/stats',
    {
      schema: {
        tags,
        summary:
          "The team's sales: its shared pipeline and each member's deals, revenue and commissions (members)",
        params: teamParams,
        response: { 200: teamStatsResponse },
      },
    },
    async (request) => {
      me(request);
      return teamStatsOf(app.db, viewerOf(request.session)!, request.params.id);
    },
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
    async (request) => {
      const { team, replacedAvatar } = await updateTeam(
        app.db,
        me(request).id,
        request.params.id,
        request.body,
      );
      await deleteTeamAvatar(app.storage, replacedAvatar);
      changed(team.id, 'team');
      return team;
    },
  );

  const removeTeam = async (teamId: number) => {
    const { avatar } = await deleteTeam(app.db, teamId);
    await deleteTeamAvatar(app.storage, avatar);
    // Told first, then cut off: every live subscription to the team and its chats ends at once.
    changed(teamId, 'deleted');
    app.realtime.revoke(null, `teams/${teamId}`);
  };

  app.delete(
    '/teams/:id',
    { schema: { tags, summary: 'Delete the team and everything in it (creator)', params: teamParams } },
    async (request, reply) => {
      await requireCapability(app.db, request.params.id, me(request).id, 'deleteTeam');
      await removeTeam(request.params.id);
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
      await requireCapability(app.db, request.params.id, user.id, 'editSettings');
      const name = await storeTeamAvatar(app.storage, await readPhoto(request));
      await deleteTeamAvatar(app.storage, await setTeamAvatar(app.db, request.params.id, name));
      changed(request.params.id, 'team');
      return presentTeamById(app.db, user.id, request.params.id);
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
    async (request) => {
      const user = me(request);
      await requireCapability(app.db, request.params.id, user.id, 'editSettings');
      await deleteTeamAvatar(app.storage, await setTeamAvatar(app.db, request.params.id, null));
      changed(request.params.id, 'team');
      return presentTeamById(app.db, user.id, request.params.id);
    },
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
      const viewer = invitee(request);
      if (!(await mayViewTeamAvatar(app.db, viewer, request.params.id))) throw notFound('File');
      const [team] = await app.db
        .select({ avatar: teams.avatar })
        .from(teams)
        .where(eq(teams.id, request.params.id));
      const data = team?.avatar ? await readTeamAvatar(app.storage, team.avatar) : null;
      if (!data) throw notFound('File');
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
      const outbox = app.notifier.outbox();
      const member = await changeRole(
        app.db,
        outbox,
        me(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      );
      outbox.flush();
      changed(request.params.id, 'members');
      return member;
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
      const outbox = app.notifier.outbox();
      await removeMember(app.db, outbox, me(request), id, userId);
      outbox.flush();
      // Cut off at once: no more messages of the team reach them, live or not.
      app.realtime.revoke(userId, `teams/${id}`);
      changed(id, 'members');
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
    async (request) => {
      const outbox = app.notifier.outbox();
      const team = await transferTeam(app.db, outbox, me(request), request.params.id, request.body.userId);
      outbox.flush();
      changed(team.id, 'members');
      return team;
    },
  );

  // ------------------------------------------------------------------------------ invitations

  app.get(
    '/teams/:id/invitations',
    {
      schema: {
        tags,
        summary: 'Pending invitations (creator and admins)',
        params: teamParams,
        response: { 200: listOf(teamInvitationResponse) },
      },
    },
    async (request) => ({ data: await listTeamInvitations(app.db, me(request).id, request.params.id) }),
  );

  app.post(
    '/teams/:id/invitations',
    {
      schema: {
        tags,
        summary: 'Invite a user ({ userId }) or anyone by e-mail ({ email }) (creator and admins)',
        params: teamParams,
        body: teamInvitationCreateSchema,
        response: { 201: teamInvitationResponse },
      },
    },
    async (request, reply) => {
      const outbox = app.notifier.outbox();
      const invitation = await invite(
        app.db,
        { outbox, mailer: app.mailer, appUrl: app.config.appUrl, appKey: app.config.appKey },
        me(request),
        request.params.id,
        request.body,
      );
      outbox.flush();
      changed(request.params.id, 'invitations');
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    '/teams/:id/invitations/:invitationId',
    {
      schema: { tags, summary: 'Cancel a pending invitation (creator and admins)', params: invitationParams },
    },
    async (request, reply) => {
      await cancelInvitation(app.db, me(request).id, request.params.id, request.params.invitationId);
      changed(request.params.id, 'invitations');
      return reply.code(204).send();
    },
  );

  app.get(
    '/team-invitations',
    {
      schema: {
        tags,
        summary: 'Invitations waiting for my answer (to my account or my verified e-mail)',
        response: { 200: listOf(teamInvitationResponse) },
      },
    },
    async (request) => ({ data: await myInvitations(app.db, invitee(request)) }),
  );

  app.get(
    '/team-invitations/:id',
    {
      schema: {
        tags,
        summary: 'One invitation addressed to me',
        params: teamParams,
        response: { 200: teamInvitationResponse },
      },
    },
    async (request) => getMyInvitation(app.db, invitee(request), request.params.id),
  );

  app.post(
    '/team-invitations/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept: I join the team as a member',
        params: teamParams,
        response: { 200: teamResponse },
      },
    },
    async (request) => {
      const user = invitee(request);
      const outbox = app.notifier.outbox();
      const { teamId } = await answerInvitation(app.db, outbox, user, request.params.id, true);
      outbox.flush();
      changed(teamId, 'members');
      changed(teamId, 'invitations');
      return presentTeamById(app.db, user.id, teamId);
    },
  );

  app.post(
    '/team-invitations/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline the invitation',
        params: teamParams,
        response: { 200: teamInvitationResponse },
      },
    },
    async (request) => {
      const outbox = app.notifier.outbox();
      const { teamId, invitation } = await answerInvitation(
        app.db,
        outbox,
        invitee(request),
        request.params.id,
        false,
      );
      changed(teamId, 'invitations');
      return invitation;
    },
  );

  // ------------------------------------------------------------------------------------ chats

  app.get(
    '/teams/:id/chats',
    {
      schema: {
        tags,
        summary: "The team's chats (members)",
        params: teamParams,
        response: { 200: listOf(teamChatResponse) },
      },
    },
    async (request) => ({ data: await listChats(app.db, me(request).id, request.params.id) }),
  );

  app.post(
    '/teams/:id/chats',
    {
      schema: {
        tags,
        summary: 'Add a chat (creator and admins)',
        params: teamParams,
        body: teamChatSchema,
        response: { 201: teamChatResponse },
      },
    },
    async (request, reply) => {
      const chat = await createChat(app.db, me(request).id, request.params.id, request.body);
      changed(request.params.id, 'chats');
      return reply.code(201).send(chat);
    },
  );

  app.put(
    '/teams/:id/chats/:chatId',
    {
      schema: {
        tags,
        summary: 'Rename a chat (creator and admins)',
        params: chatParams,
        body: teamChatSchema,
        response: { 200: teamChatResponse },
      },
    },
    async (request) => {
      const chat = await renameChat(
        app.db,
        me(request).id,
        request.params.id,
        request.params.chatId,
        request.body,
      );
      changed(request.params.id, 'chats');
      return chat;
    },
  );

  app.delete(
    '/teams/:id/chats/:chatId',
    {
      schema: {
        tags,
        summary: 'Delete a chat and its messages (creator and admins; not the default one)',
        params: chatParams,
      },
    },
    async (request, reply) => {
      const { id, chatId } = request.params;
      await deleteChat(app.db, me(request).id, id, chatId);
      changed(id, 'chats');
      app.realtime.revoke(null, `teams/${id}/chats/${chatId}`);
      return reply.code(204).send();
    },
  );

  app.get(
    '/teams/:id/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'Messages of a chat, newest first; meta.nextCursor fetches the older ones',
        params: chatParams,
        querystring: messageListQuerySchema,
        response: { 200: messagePageResponse },
      },
    },
    async (request) =>
      chatMessages(app.db, me(request).id, request.params.id, request.params.chatId, request.query),
  );

  app.post(
    '/teams/:id/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'Write in a chat: JSON { body } (1–5,000 characters) or multipart (body, image)',
        consumes: ['application/json', 'multipart/form-data'],
        params: chatParams,
        body: messageForm,
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      const { id, chatId } = request.params;
      const input = await readMessageForm(request, request.body);
      const message = await sendChatMessage(app.db, app.storage, me(request).id, id, chatId, input);
      app.realtime.broadcast(`teams/${id}/chats/${chatId}`, { type: 'message.created', message });
      return reply.code(201).send(message);
    },
  );

  // ----------------------------------------------------------------------------------- events

  app.get(
    '/teams/:id/events',
    {
      schema: {
        tags,
        summary: 'Events overlapping from–to (default: not over yet), by start time (members)',
        params: teamParams,
        querystring: teamEventListQuerySchema,
        response: { 200: listOf(teamEventResponse) },
      },
    },
    async (request) => ({ data: await listEvents(app.db, me(request).id, request.params.id, request.query) }),
  );

  app.post(
    '/teams/:id/events',
    {
      schema: {
        tags,
        summary: 'Add an event (members); the other members are notified',
        params: teamParams,
        body: teamEventCreateSchema,
        response: { 201: teamEventResponse },
      },
    },
    async (request, reply) => {
      const outbox = app.notifier.outbox();
      const event = await createEvent(
        app.db,
        { outbox, appUrl: app.config.appUrl },
        me(request),
        request.params.id,
        request.body,
      );
      outbox.flush();
      changed(request.params.id, 'events');
      return reply.code(201).send(event);
    },
  );

  app.get(
    '/teams/:id/events/:eventId',
    {
      schema: {
        tags,
        summary: 'One event (members)',
        params: eventParams,
        response: { 200: teamEventResponse },
      },
    },
    async (request) => getEvent(app.db, me(request).id, request.params.id, request.params.eventId),
  );

  app.put(
    '/teams/:id/events/:eventId',
    {
      schema: {
        tags,
        summary: 'Change an event (its author, the creator and admins)',
        params: eventParams,
        body: teamEventUpdateSchema,
        response: { 200: teamEventResponse },
      },
    },
    async (request) => {
      const event = await updateEvent(
        app.db,
        me(request).id,
        request.params.id,
        request.params.eventId,
        request.body,
      );
      changed(request.params.id, 'events');
      return event;
    },
  );

  app.delete(
    '/teams/:id/events/:eventId',
    {
      schema: { tags, summary: 'Delete an event (its author, the creator and admins)', params: eventParams },
    },
    async (request, reply) => {
      await deleteEvent(app.db, me(request).id, request.params.id, request.params.eventId);
      changed(request.params.id, 'events');
      return reply.code(204).send();
    },
  );

  app.get(
    '/teams/:id/events/:eventId/event.ics',
    {
      schema: {
        tags,
        summary: 'The event as an iCalendar file, for one’s own calendar (members)',
        params: eventParams,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { name, file } = await eventCalendar(
        app.db,
        me(request).id,
        request.params.id,
        request.params.eventId,
        app.config.appUrl,
      );
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.type('text/calendar; charset=utf-8').send(file);
    },
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
      await removeTeam(request.params.id);
      return reply.code(204).send();
    },
  );
};
