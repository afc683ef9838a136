import {
  idParam,
  teamEventCreateSchema,
  teamEventListQuerySchema,
  teamEventUpdateSchema,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/session';
import {
  createEvent,
  deleteEvent,
  eventCalendar,
  getEvent,
  listEvents,
  updateEvent,
} from './team-events.service';
import { listOf, teamEventResponse } from './teams.presenter';

const tags = ['teams'];
const teamParams = z.object({ id: idParam() });
const eventParams = z.object({ id: idParam(), eventId: idParam() });

/** A team's calendar (members), each event also as an .ics file. */
export const teamEventsRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ({
      data: await listEvents(app.db, requireUser(request).id, request.params.id, request.query),
    }),
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
    async (request, reply) =>
      reply
        .code(201)
        .send(await createEvent(app.db, request.work, requireUser(request), request.params.id, request.body)),
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
    async (request) => getEvent(app.db, requireUser(request).id, request.params.id, request.params.eventId),
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
      const { id, eventId } = request.params;
      return updateEvent(app.db, request.work, requireUser(request).id, id, eventId, request.body);
    },
  );

  app.delete(
    '/teams/:id/events/:eventId',
    {
      schema: { tags, summary: 'Delete an event (its author, the creator and admins)', params: eventParams },
    },
    async (request, reply) => {
      const { id, eventId } = request.params;
      await deleteEvent(app.db, request.work, requireUser(request).id, id, eventId);
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
        requireUser(request).id,
        request.params.id,
        request.params.eventId,
        app.config.appUrl,
      );
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.type('text/calendar; charset=utf-8').send(file);
    },
  );
};
