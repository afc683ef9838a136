import { idParam, teamInvitationCreateSchema } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  getMyInvitation,
  invite,
  listTeamInvitations,
  myInvitations,
} from './team-invitations.service';
import { listOf, teamInvitationResponse, teamResponse } from './teams.presenter';
import { asInvitee } from './teams.service';

const tags = ['teams'];
const teamParams = z.object({ id: idParam() });
const invitationParams = z.object({ id: idParam(), invitationId: idParam() });

/** Team invitations: sent by the team's creator and admins, answered by the invitee. */
export const teamInvitationsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ({
      data: await listTeamInvitations(app.db, requireUser(request).id, request.params.id),
    }),
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
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await invite(
            app.db,
            request.work,
            app.config.appKey,
            requireUser(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.delete(
    '/teams/:id/invitations/:invitationId',
    {
      schema: { tags, summary: 'Cancel a pending invitation (creator and admins)', params: invitationParams },
    },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await cancelInvitation(app.db, request.work, requireUser(request).id, id, invitationId);
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
    async (request) => ({ data: await myInvitations(app.db, asInvitee(requireUser(request))) }),
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
    async (request) => getMyInvitation(app.db, asInvitee(requireUser(request)), request.params.id),
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
    async (request) =>
      acceptInvitation(app.db, request.work, asInvitee(requireUser(request)), request.params.id),
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
    async (request) =>
      declineInvitation(app.db, request.work, asInvitee(requireUser(request)), request.params.id),
  );
};
