import {
  idParam,
  paginated,
  postLimits,
  reportListQuerySchema,
  reportResolveSchema,
  reportResponse,
  reportSchema,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../lib/viewer';
import { requireAdmin, requireUser } from '../../plugins/session';
import { listReports, reportContent, resolveReport } from './reports.service';

const idParams = z.object({ id: idParam() });
const tags = ['moderation'];

/** Reports of content and the admins' moderation list (issue 21 §3). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = (request: FastifyRequest) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };

  const reportsPerMember = app.limitBy(
    { limit: postLimits.reportsPerHour, windowMs: 3600_000 },
    (request) => `report:user:${request.session?.user.id ?? request.ip}`,
  );

  for (const kind of ['post', 'comment'] as const) {
    app.post(
      kind === 'post' ? '/posts/:id/report' : '/comments/:id/report',
      {
        schema: {
          tags,
          summary: `Report a ${kind} to the moderators (once; not one's own; ${postLimits.reportsPerHour} attempts an hour)`,
          params: idParams,
          body: reportSchema,
          response: { 201: reportResponse },
        },
      },
      async (request, reply) => {
        const viewer = signedIn(request);
        await reportsPerMember(request);
        return reply
          .code(201)
          .send(await reportContent(app.db, viewer, kind, request.params.id, request.body));
      },
    );
  }

  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        summary: 'The moderation list (admins): reports by status and kind, with what was reported',
        querystring: reportListQuerySchema,
        response: { 200: paginated(reportResponse) },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listReports(app.db, request.query);
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        tags,
        summary:
          'Resolve a report (admins): dismiss it, or hide the content (every open report on it closes)',
        params: idParams,
        body: reportResolveSchema,
        response: { 200: reportResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return resolveReport(
        app.db,
        request.work,
        viewerOf(request.session)!,
        request.params.id,
        request.body,
        request.ip,
      );
    },
  );
};
