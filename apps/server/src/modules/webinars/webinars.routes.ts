import {
  idParam,
  myRegistrationResponse,
  paginated,
  webinarListQuerySchema,
  webinarRegistrantResponse,
  webinarRegistrantsQuerySchema,
  webinarRegistrationSchema,
  webinarReplayResponse,
  webinarResponse,
  webinarSchema,
  webinarUpdateSchema,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import {
  changeConsent,
  exportRegistrants,
  getReplay,
  join,
  listRegistrants,
  register,
  unregister,
  webinarCalendar,
} from './registrations.service';
import { listWebinars } from './webinars.list';
import { createWebinar, deleteWebinar, getWebinar, updateWebinar } from './webinars.service';

const tags = ['webinars'];
const idParams = z.object({ id: idParam() });

const viewer = (request: FastifyRequest) => {
  requireUser(request);
  return viewerOf(request.session)!;
};

/** Webinars, their registrations, calendar file and replay (issue 21), under /api/v1. */
export const webinarsRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = app.config.appUrl;

  app.post(
    '/webinars',
    {
      schema: {
        tags,
        summary:
          'Announce a webinar (infopreneurs and admins); a price above 0 needs a plan with paid webinars',
        body: webinarSchema,
        response: { 201: webinarResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebinar(app.db, request.work, viewer(request), request.body)),
  );

  app.get(
    '/webinars',
    {
      schema: {
        tags,
        summary:
          'Webinars: upcoming (soonest first), past (latest first), mine, or those I registered to; French text search',
        querystring: webinarListQuerySchema,
        response: { 200: paginated(webinarResponse) },
      },
    },
    async (request) => listWebinars(app.db, viewer(request), request.query, appUrl),
  );

  app.get(
    '/webinars/:id',
    {
      schema: {
        tags,
        summary: 'One webinar; its platform link only for registrants, the owner and admins',
        params: idParams,
        response: { 200: webinarResponse },
      },
    },
    async (request) => getWebinar(app.db, viewer(request), request.params.id, appUrl),
  );

  app.put(
    '/webinars/:id',
    {
      schema: {
        tags,
        summary: 'Change a webinar (owner or admin); a new time is told to every registrant',
        params: idParams,
        body: webinarUpdateSchema,
        response: { 200: webinarResponse },
      },
    },
    async (request) => updateWebinar(app.db, request.work, viewer(request), request.params.id, request.body),
  );

  app.delete(
    '/webinars/:id',
    {
      schema: {
        tags,
        summary: 'Cancel a webinar (owner or admin); its registrants are told',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteWebinar(app.db, request.work, viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webinars/:id/registrations',
    {
      schema: {
        tags,
        summary:
          'Register (201, with my join link); 409 twice; 422 when registration is closed, the webinar full, over or paid',
        params: idParams,
        body: webinarRegistrationSchema,
        response: { 201: myRegistrationResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await register(app.db, request.work, viewer(request), request.params.id, request.body)),
  );

  app.patch(
    '/webinars/:id/registrations',
    {
      schema: {
        tags,
        summary:
          'Give or withdraw my consent to be contacted (withdrawn: the lead without a deal is removed)',
        params: idParams,
        body: webinarRegistrationSchema,
        response: { 200: myRegistrationResponse },
      },
    },
    async (request) => changeConsent(app.db, request.work, viewer(request), request.params.id, request.body),
  );

  app.delete(
    '/webinars/:id/registrations',
    {
      schema: {
        tags,
        summary: 'Unregister (the lead without a deal is removed)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unregister(app.db, request.work, viewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webinars/:id/registrations',
    {
      schema: {
        tags,
        summary:
          'The registrants (owner or admin); `format=csv` downloads them (UTF-8 with BOM, `;`); e-mails only with consent',
        params: idParams,
        querystring: webinarRegistrantsQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: paginated(webinarRegistrantResponse) },
      },
    },
    async (request, reply) => {
      const caller = viewer(request);
      if (request.query.format !== 'csv')
        return listRegistrants(app.db, caller, request.params.id, request.query);
      const { filename, body } = await exportRegistrants(app.db, caller, request.params.id);
      return reply
        .serializer((payload: unknown) => payload as string)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  );

  app.get(
    '/webinars/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The webinar as an iCalendar file (RFC 5545); the platform link for registrants',
        params: idParams,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const { filename, body } = await webinarCalendar(app.db, viewer(request), request.params.id, appUrl);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/webinars/:id/replay',
    {
      schema: {
        tags,
        summary:
          'The replay (registrants, owner, admins; after the end): a privacy-enhanced player or a link',
        params: idParams,
        response: { 200: webinarReplayResponse },
      },
    },
    async (request) => getReplay(app.db, viewer(request), request.params.id),
  );
};

/** `GET /w/{token}`: a registrant's personal join link (outside the API: it is shared by e-mail). */
export const webinarJoinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/w/:token',
    {
      schema: {
        tags,
        summary: 'Join a webinar: records attendance and redirects to its platform (or its page)',
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const target = await join(app.db, request.work, request.params.token);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target ?? `${app.config.appUrl}/app/our-webinars?lien=invalide`, 302);
    },
  );
};
