import {
  checkoutResponse,
  idParam,
  pageParam,
  paginated,
  perPageParam,
  queryFlag,
  webinarPaymentResponse,
  webinarRegistrationSchema,
} from '@closia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../lib/viewer';
import { requireUser } from '../../plugins/session';
import { createProvider } from './billing.routes';
import { listWebinarPayments, openWebinarCheckout } from './webinar-payments.service';

const idParams = z.object({ id: idParam() });

/** Paid webinar seats (issue 21 §1), under /api/v1: the checkout and the payments' record. */
export const webinarPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = await createProvider(app);

  app.post(
    '/webinars/:id/checkout',
    {
      schema: {
        tags: ['webinars'],
        summary:
          'A paid webinar seat: opens a one-time checkout (Stripe, or the sandbox page); go to `url`. Refused like a registration; 422 for a free webinar',
        params: idParams,
        body: webinarRegistrationSchema,
        response: { 200: checkoutResponse },
      },
    },
    async (request) => {
      requireUser(request);
      return openWebinarCheckout(
        app.db,
        provider,
        viewerOf(request.session)!,
        request.params.id,
        request.body,
        app.config.appUrl,
      );
    },
  );

  app.get(
    '/billing/webinar-payments',
    {
      schema: {
        tags: ['billing'],
        summary: 'My paid webinar seats, latest first; admins with `all=1` see everyone’s',
        querystring: z.object({
          all: queryFlag().default(false),
          page: pageParam().default(1),
          perPage: perPageParam(100).default(20),
        }),
        response: { 200: paginated(webinarPaymentResponse) },
      },
    },
    async (request) => {
      requireUser(request);
      return listWebinarPayments(app.db, viewerOf(request.session)!, request.query);
    },
  );
};
