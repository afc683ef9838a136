import {
  adminSupportTicketListQuerySchema,
  adminSupportTicketPageResponse,
  adminSupportTicketUpdateSchema,
  idParam,
  paginated,
  personRefResponse,
  supportAssigneeListQuerySchema,
  supportLimits,
  supportMessageSchema,
  supportTicketCreatedResponse,
  supportTicketListQuerySchema,
  supportTicketResponse,
  supportTicketSchema,
  supportTicketSummaryResponse,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../plugins/session';
import { type SupportCaller, supportCallerOf } from './tickets.presenter';
import {
  addMessage,
  createTicket,
  getTicket,
  listAdminTickets,
  listAssignees,
  listMyTickets,
  updateTicket,
} from './tickets.service';

const tags = ['support'];
const idParams = z.object({ id: idParam() });
const HOUR_MS = 3600_000;

const signedIn = (request: FastifyRequest): SupportCaller => supportCallerOf(requireUser(request));
const admin = (request: FastifyRequest): SupportCaller => supportCallerOf(requireAdmin(request));

/** Support tickets and their threads (issue 22 §3), under /api/v1. */
export const supportTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted once the request is valid: a visitor per address, a signed-in user per account.
  const perAddress = app.limitBy(
    { limit: supportLimits.anonymousTicketsPerHour, windowMs: HOUR_MS },
    (request) => `support-ticket:ip:${request.ip}`,
  );
  const perAccount = app.limitBy(
    { limit: supportLimits.ticketsPerUserPerHour, windowMs: HOUR_MS },
    (request) => `support-ticket:user:${request.user?.id}`,
  );

  app.post(
    '/support/tickets',
    {
      preHandler: (request) => (request.user ? perAccount(request) : perAddress(request)),
      schema: {
        tags,
        summary: `Open a ticket (anyone): a visitor gives an e-mail (422 without), a signed-in user's is their account's; ${supportLimits.anonymousTicketsPerHour} an hour per address for visitors (429 beyond); the support address is e-mailed`,
        body: supportTicketSchema,
        response: { 201: supportTicketCreatedResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createTicket(app.db, request.work, request.user, request.body, app.config.supportEmail)),
  );

  app.get(
    '/support/tickets',
    {
      schema: {
        tags,
        summary:
          'My tickets, the latest activity first (with those a visitor opened with my verified e-mail)',
        querystring: supportTicketListQuerySchema,
        response: { 200: paginated(supportTicketSummaryResponse) },
      },
    },
    async (request) => listMyTickets(app.db, signedIn(request), request.query),
  );

  app.get(
    '/support/tickets/:id',
    {
      schema: {
        tags,
        summary: "A ticket and its thread (its requester or an admin; someone else's is 404)",
        params: idParams,
        response: { 200: supportTicketResponse },
      },
    },
    async (request) => getTicket(app.db, signedIn(request), request.params.id),
  );

  app.post(
    '/support/tickets/:id/messages',
    {
      schema: {
        tags,
        summary:
          "Reply in a ticket's thread (its requester or an admin). The team's reply makes it pending and tells the requester (bell and e-mail, or e-mail for a visitor); the requester's makes it open again, a closed one included",
        params: idParams,
        body: supportMessageSchema,
        response: { 201: supportTicketResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addMessage(app.db, request.work, signedIn(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/support/tickets',
    {
      schema: {
        tags,
        summary:
          'The support inbox (admins): tickets of a status (waiting ones oldest first), by assignee (me, none or an id) and words of the subject, name, e-mail or reference; with the counts of every status',
        querystring: adminSupportTicketListQuerySchema,
        response: { 200: adminSupportTicketPageResponse },
      },
    },
    async (request) => listAdminTickets(app.db, admin(request), request.query),
  );

  app.put(
    '/admin/support/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Close, reopen or put on hold a ticket, assign it to an admin or to nobody (admins)',
        params: idParams,
        body: adminSupportTicketUpdateSchema,
        response: { 200: supportTicketResponse },
      },
    },
    async (request) => updateTicket(app.db, admin(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/admin/support/assignees',
    {
      schema: {
        tags,
        summary: 'Who a ticket may be assigned to: the admins (admins)',
        querystring: supportAssigneeListQuerySchema,
        response: { 200: paginated(personRefResponse) },
      },
    },
    async (request) => {
      admin(request);
      return listAssignees(app.db, request.query);
    },
  );
};
