import {
  commissionExportQuerySchema,
  commissionListQuerySchema,
  commissionSplitSchema,
  dealCreateSchema,
  dealHandoffSchema,
  dealListQuerySchema,
  dealLoseSchema,
  dealMoveSchema,
  dealUpdateSchema,
  dealWinSchema,
  idParam,
  pipelineQuerySchema,
} from '@closia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedCrm } from '../../lib/crm-cache';
import { paginationMetaResponse } from '../../lib/pagination';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { getCommissionSplit, setCommissionSplit } from './commission-split.service';
import { listCommissions, payCommission } from './commissions.service';
import { exportCommissions } from './commissions-export';
import { handOffDeal } from './deal-handoff.service';
import { loseDeal, moveDeal, refundDeal, reopenDeal, winDeal } from './deal-lifecycle.service';
import {
  commissionLineResponse,
  commissionSplitResponse,
  commissionsResponse,
  dealHistoryResponse,
  dealResponse,
  pipelineResponse,
} from './deals.presenter';
import { createDeal, deleteDeal, getDeal, getDealHistory, listDeals, updateDeal } from './deals.service';
import { pipelineOf } from './pipeline.service';
import { teamStatsRoutes } from './team-stats.routes';

const idParams = z.object({ id: idParam() });
const tags = ['deals'];

/**
 * Deals, the pipeline, the handoff at R2 and the commission ledger (issue 8). Each write's side
 * effects (the CRM's kept answers forgotten, a shared pipeline's team told live, notifications and
 * e-mails) are recorded by its service in `request.work`, flushed once the answer is a success.
 */
export const dealsRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = (request: FastifyRequest) => {
    requireUser(request);
    return viewerOf(request.session)!;
  };
  // Every route is for signed-in users: anonymous callers get 401 before their input is read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  await app.register(teamStatsRoutes);

  app.get(
    '/deals',
    {
      schema: {
        tags,
        summary:
          'My deals (owner=me|setter|all, default all), or with as=infopreneur the deals on my offers; filters, sort, page',
        querystring: dealListQuerySchema,
        response: { 200: z.object({ data: z.array(dealResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listDeals(app.db, signedIn(request), request.query),
  );

  app.post(
    '/deals',
    {
      schema: {
        tags,
        summary: 'Create a deal on one of my prospects and an offer I may sell, at an open stage',
        body: dealCreateSchema,
        response: { 201: dealResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDeal(app.db, request.work, signedIn(request), request.body)),
  );

  app.get(
    '/deals/:id',
    {
      schema: {
        tags,
        summary: "One deal with its history (its owner, its setter or the offer's infopreneur)",
        params: idParams,
        response: { 200: dealResponse },
      },
    },
    async (request) => getDeal(app.db, signedIn(request), request.params.id),
  );

  app.put(
    '/deals/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a deal (owner; setter up to R2); a new stage or probability is recorded in its history',
        params: idParams,
        body: dealUpdateSchema,
        response: { 200: dealResponse },
      },
    },
    async (request) => updateDeal(app.db, request.work, signedIn(request), request.params.id, request.body),
  );

  app.delete(
    '/deals/:id',
    {
      schema: { tags, summary: 'Delete a deal (owner; not a sale with paid commissions)', params: idParams },
    },
    async (request, reply) => {
      await deleteDeal(app.db, request.work, signedIn(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/deals/:id/history',
    {
      schema: {
        tags,
        summary: "A deal's changes of stage, probability and owner, oldest first",
        params: idParams,
        response: { 200: z.object({ data: z.array(dealHistoryResponse) }) },
      },
    },
    async (request) => getDealHistory(app.db, signedIn(request), request.params.id),
  );

  app.post(
    '/deals/:id/move',
    {
      schema: {
        tags,
        summary: 'Move an open deal to another open stage, with an optional note',
        params: idParams,
        body: dealMoveSchema,
        response: { 200: dealResponse },
      },
    },
    async (request) => moveDeal(app.db, request.work, signedIn(request), request.params.id, request.body),
  );

  app.post(
    '/deals/:id/win',
    {
      schema: {
        tags,
        summary:
          'Win an open deal (owner): Closed, the amount sold (default: the offer price) and its commission lines',
        params: idParams,
        body: dealWinSchema,
        response: { 200: dealResponse },
      },
    },
    async (request) => winDeal(app.db, request.work, signedIn(request), request.params.id, request.body),
  );

  app.post(
    '/deals/:id/lose',
    {
      schema: {
        tags,
        summary: 'Lose an open deal (owner) with its reason',
        params: idParams,
        body: dealLoseSchema,
        response: { 200: dealResponse },
      },
    },
    async (request) =>
      loseDeal(app.db, request.work, signedIn(request), request.params.id, request.body.reason),
  );

  app.post(
    '/deals/:id/reopen',
    {
      schema: {
        tags,
        summary:
          'Reopen a won or lost deal (owner) at its stage before closing; its unpaid commissions are removed',
        params: idParams,
        response: { 200: dealResponse },
      },
    },
    async (request) => reopenDeal(app.db, request.work, signedIn(request), request.params.id),
  );

  app.post(
    '/deals/:id/refund',
    {
      schema: {
        tags,
        summary:
          "Declare a won sale refunded (owner or the offer's infopreneur): its commissions are clawed back",
        params: idParams,
        response: { 200: dealResponse },
      },
    },
    async (request) => refundDeal(app.db, request.work, signedIn(request), request.params.id),
  );

  app.post(
    '/deals/:id/handoff',
    {
      schema: {
        tags,
        summary:
          'Hand a deal at R2 to a closer accepted on its offer (owner): the closer owns it, I become its setter',
        params: idParams,
        body: dealHandoffSchema,
        response: { 200: dealResponse },
      },
    },
    async (request) => handOffDeal(app.db, request.work, signedIn(request), request.params.id, request.body),
  );

  app.get(
    '/pipeline',
    {
      schema: {
        tags,
        summary:
          "The six open stages over the deals I own or set (or a team's shared pipeline): count, sum and weighted sum in cents",
        querystring: pipelineQuerySchema,
        response: { 200: pipelineResponse },
      },
    },
    async (request) => {
      const viewer = signedIn(request);
      const { teamId } = request.query;
      // A team's pipeline checks membership on every call: not kept.
      if (teamId) return pipelineOf(app.db, viewer, teamId);
      return cachedCrm(app.db, 'pipeline', viewer.id, null, () => pipelineOf(app.db, viewer));
    },
  );

  // The commission ledger.

  app.get(
    '/commissions',
    {
      schema: {
        tags: ['commissions'],
        summary:
          'The sums of my commission lines due in the period, by month and in all (an infopreneur: what I owe, per freelancer), and a page of those lines (cursor)',
        querystring: commissionListQuerySchema,
        response: { 200: commissionsResponse },
      },
    },
    async (request) => {
      const viewer = signedIn(request);
      return cachedCrm(app.db, 'commissions', viewer.id, request.query, () =>
        listCommissions(app.db, viewer, request.query),
      );
    },
  );

  app.get(
    '/commissions/export',
    {
      schema: {
        tags: ['commissions'],
        summary:
          'My commission lines of the filters as a CSV file for the accountant (UTF-8 with BOM, `;`, French headers), streamed',
        querystring: commissionExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, stream } = await exportCommissions(app.db, signedIn(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/commissions/:id/pay',
    {
      schema: {
        tags: ['commissions'],
        summary: 'Mark a pending or due commission line paid (the infopreneur who owes it)',
        params: idParams,
        response: { 200: commissionLineResponse },
      },
    },
    async (request) => payCommission(app.db, request.work, signedIn(request), request.params.id),
  );

  app.get(
    '/missions/:id/commission-split',
    {
      schema: {
        tags: ['commissions'],
        summary: "The setter's share of a commission on my mission, in percent",
        params: idParams,
        response: { 200: commissionSplitResponse },
      },
    },
    async (request) => getCommissionSplit(app.db, signedIn(request), request.params.id),
  );

  app.put(
    '/missions/:id/commission-split',
    {
      schema: {
        tags: ['commissions'],
        summary: "Set the setter's share (0–100 %) of the commissions of sales won from now on my mission",
        params: idParams,
        body: commissionSplitSchema,
        response: { 200: commissionSplitResponse },
      },
    },
    async (request) =>
      setCommissionSplit(
        app.db,
        request.work,
        signedIn(request),
        request.params.id,
        request.body.setterSharePercent,
      ),
  );
};
