import { teamInvitationPreviewResponse as previewResponse, textField } from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitationPreview } from './invitation-links';

/**
 * The one invitation route open to visitors: the sign-up page of an invitation link reads who
 * invites to which team (invitation-links.ts). The other team routes need an account.
 */
export const invitationLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team-invitations/preview',
    {
      schema: {
        tags: ['teams'],
        summary:
          'The team, inviter and address of the e-mail invitation a sign-up link carries (404 once answered)',
        querystring: z.object({ token: textField().max(200) }),
        response: { 200: previewResponse },
      },
    },
    async (request) => invitationPreview(app.db, app.config.appKey, request.query.token),
  );
};
