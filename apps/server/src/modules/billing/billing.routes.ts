import {
  adminBillingSummaryResponse,
  adminGrantBody,
  adminSubscriptionRowResponse,
  adminSubscriptionsQuery,
  billingResponse,
  checkoutBody,
  checkoutResponse,
  enumField,
  invoiceResponse,
  listOf,
  paginationQuerySchema,
  planResponse,
  portalResponse,
  sandboxPayBody,
  sandboxPortalBody,
  sandboxSessionResponse,
  textField,
  VAT_RATE_PERCENT,
} from '@closia/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { paginationMetaResponse } from '../../lib/pagination';
import { requireAdmin, requireUser } from '../../plugins/session';
import {
  getBilling,
  listInvoices,
  myInvoice,
  openPortal,
  presentPlans,
  startCheckout,
} from './billing.service';
import { billingSummary, grantPlan, listSubscriptions } from './billing-admin.service';
import { sendDunningMails } from './dunning.service';
import type { PaymentProvider } from './provider';
import {
  advanceMine,
  getSandboxSession,
  payCheckout,
  portalAction,
  renewDueSubscriptions,
  type SandboxEvent,
} from './sandbox.service';
import { SandboxProvider, sandboxWebhookSecret } from './sandbox-provider';
import { handleWebhookEvent } from './webhook.service';
import { getWebinarSandboxSession, payWebinarSeat } from './webinar-payment-sandbox';

const tags = ['billing'];
/** How often the sandbox bills the subscriptions whose period has ended, and past-due mails go. */
const BILLING_SWEEP_EVERY_MS = 60_000;
const WEBHOOK_PATH = '/api/v1/billing/webhook';

const sessionParams = z.object({
  id: textField()
    .max(100)
    .regex(/^cs_[A-Za-z0-9_-]+$/),
});

/** The payment provider of this deployment: Stripe with its keys, else the embedded sandbox. */
export async function createProvider(app: FastifyInstance): Promise<PaymentProvider> {
  if (app.config.stripe) {
    // Loaded only where Stripe is configured: the SDK is a large module to parse at every start.
    const { StripeProvider } = await import('./stripe-provider');
    return new StripeProvider({ ...app.config.stripe, appUrl: app.config.appUrl });
  }
  return new SandboxProvider(app.db, {
    appUrl: app.config.appUrl,
    webhookSecret: sandboxWebhookSecret(app.config.appKey),
  });
}

/** Plans, my subscription and invoices, the checkout, the portal, the webhook, the sandbox's pages. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = await createProvider(app);
  const sandbox = provider instanceof SandboxProvider ? provider : null;
  const userOf = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;
  const requireSandbox = () => {
    if (!sandbox) throw notFound('Sandbox');
    return sandbox;
  };

  /**
   * The sandbox's events go to the webhook endpoint as Stripe's would: signed, over the same route
   * and verification, one at a time and in order, retried a few times if the endpoint fails. The
   * sandbox stands for Stripe's servers: it calls after its own transaction has committed, and
   * before answering its page (Stripe is asynchronous; the success page polls either way).
   */
  const deliver = async (events: SandboxEvent[]) => {
    const signer = requireSandbox();
    for (const event of events) {
      const { body, signature } = await signer.signedEvent(event.type, event.object);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const response = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload: body,
        });
        if (response.statusCode < 500) break;
        app.log.warn(
          { type: event.type, status: response.statusCode, attempt },
          'sandbox webhook delivery failed',
        );
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };

  // Every minute: the sandbox's renewals (Stripe renews on its side), then the past-due mails.
  const sweep = async () => {
    try {
      if (sandbox) await deliver(await renewDueSubscriptions(app.db));
      await app.withWork((work) => sendDunningMails(app.db, work));
    } catch (err) {
      app.log.warn({ err }, 'billing sweep failed');
    }
  };
  const timer = setInterval(sweep, BILLING_SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: 'The plans, their limits and prices (cents HT, VAT 20 %, TTC), cheapest first',
        response: { 200: listOf(planResponse) },
      },
    },
    async () => ({ data: presentPlans() }),
  );

  app.get(
    '/billing',
    {
      schema: {
        tags,
        summary: 'My plan as it applies now, my subscription and my usage against each limit',
        response: { 200: billingResponse },
      },
    },
    async (request) => getBilling(app.db, provider, userOf(request)),
  );

  app.post(
    '/billing/checkout',
    {
      schema: {
        tags,
        summary: 'Open a checkout for a paid plan (Stripe Checkout, or the sandbox page); go to `url`',
        body: checkoutBody,
        response: { 200: checkoutResponse },
      },
    },
    async (request) => startCheckout(app.db, provider, userOf(request), request.body, app.config.appUrl),
  );

  app.post(
    '/billing/portal',
    {
      schema: {
        tags,
        summary: 'The page to change plan, interval or card, or cancel (Stripe portal, or the sandbox page)',
        response: { 200: portalResponse },
      },
    },
    async (request) => openPortal(app.db, provider, userOf(request), app.config.appUrl),
  );

  app.get(
    '/billing/invoices',
    {
      schema: {
        tags,
        summary: 'My invoices, latest first',
        querystring: paginationQuerySchema,
        response: { 200: z.object({ data: z.array(invoiceResponse), meta: paginationMetaResponse }) },
      },
    },
    async (request) => listInvoices(app.db, userOf(request), request.query),
  );

  app.get(
    '/billing/invoices/:file',
    {
      schema: {
        tags,
        summary:
          'One of my invoices as a PDF (Factur-X: PDF/A-3 with its EN 16931 XML); another user’s is 404',
        params: z.object({
          file: textField()
            .max(15)
            .regex(/^[1-9][0-9]{0,9}\.pdf$/),
        }),
      },
    },
    async (request, reply) => {
      const invoice = await myInvoice(app.db, userOf(request), Number.parseInt(request.params.file, 10));
      // The PDF library loads at the first invoice, not at every start.
      const { renderInvoicePdf } = await import('./invoice-document');
      const bytes = await renderInvoicePdf({
        number: invoice.number,
        issuedAt: invoice.createdAt,
        paidAt: invoice.paidAt,
        paymentMethod: invoice.paymentMethod,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        seller: app.config.seller,
        buyer: invoice.buyer,
        lines: invoice.lines,
        amountHt: invoice.amountHt,
        vatAmount: invoice.vatAmount,
        amountTtc: invoice.amountTtc,
        vatRatePercent: VAT_RATE_PERCENT,
        currency: 'EUR',
        hostedUrl: invoice.hostedUrl,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="facture-${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );

  // Stripe signs the exact bytes it sends: this route reads the body raw (its own parser, scoped to
  // it) and is exempt from the CSRF check (it carries no cookie; the signature is its proof).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/billing/webhook',
      {
        config: { csrf: false },
        schema: {
          tags,
          summary:
            'Payment provider events (Stripe-Signature checked on the raw body; a replay changes nothing)',
          response: {
            200: z.object({
              received: z.literal(true),
              outcome: enumField(['handled', 'duplicate', 'ignored']),
            }),
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        const event = await provider.verifyWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        const outcome = await handleWebhookEvent(app.db, request.work, provider, event);
        return { received: true as const, outcome };
      },
    );
  });

  app.get(
    '/billing/sandbox/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sandbox: the checkout page’s session (plan, amount, status)',
        params: sessionParams,
        response: { 200: sandboxSessionResponse },
      },
    },
    async (request) => {
      requireSandbox();
      const userId = userOf(request);
      const seat = await getWebinarSandboxSession(app.db, userId, request.params.id);
      return seat ?? getSandboxSession(app.db, userId, request.params.id);
    },
  );

  app.post(
    '/billing/sandbox/sessions/:id/pay',
    {
      schema: {
        tags,
        summary:
          'Sandbox: pay a checkout with a test card (4242… paid, 4000…0002 declined, 4000…9995 no funds)',
        params: sessionParams,
        body: sandboxPayBody,
        response: { 200: z.object({ redirectUrl: textField() }) },
      },
    },
    async (request) => {
      requireSandbox();
      const userId = userOf(request);
      const paid =
        (await payWebinarSeat(app.db, userId, request.params.id, request.body)) ??
        (await payCheckout(app.db, userId, request.params.id, request.body));
      await deliver(paid.events);
      return { redirectUrl: paid.redirectUrl };
    },
  );

  app.post(
    '/billing/sandbox/portal',
    {
      schema: {
        tags,
        summary: 'Sandbox portal: change plan or interval (prorated), cancel at period end, resume',
        body: sandboxPortalBody,
        response: { 200: billingResponse },
      },
    },
    async (request) => {
      requireSandbox();
      const userId = userOf(request);
      await deliver(await portalAction(app.db, userId, request.body));
      return getBilling(app.db, provider, userId);
    },
  );

  app.post(
    '/billing/sandbox/advance',
    {
      schema: {
        tags,
        summary: 'Sandbox test clock: bill my next period now, paid or failed',
        body: z.object({ outcome: enumField(['paid', 'failed']) }),
        response: { 200: billingResponse },
      },
    },
    async (request) => {
      requireSandbox();
      const userId = userOf(request);
      await deliver(await advanceMine(app.db, userId, request.body.outcome));
      return getBilling(app.db, provider, userId);
    },
  );

  app.get(
    '/admin/billing/summary',
    {
      schema: {
        tags,
        summary: 'Admins: MRR (cents HT), paying subscriptions by plan, churned this month, failed payments',
        response: { 200: adminBillingSummaryResponse },
      },
    },
    async (request) => {
      requireAdmin(request);
      return billingSummary(app.db);
    },
  );

  app.get(
    '/admin/billing/subscriptions',
    {
      schema: {
        tags,
        summary: 'Admins: the subscriptions, by status and plan, latest change first',
        querystring: adminSubscriptionsQuery,
        response: {
          200: z.object({ data: z.array(adminSubscriptionRowResponse), meta: paginationMetaResponse }),
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      return listSubscriptions(app.db, request.query);
    },
  );

  app.post(
    '/admin/billing/grants',
    {
      schema: {
        tags,
        summary: 'Admins: grant a paid plan by hand until a date (recorded in the audit log)',
        body: adminGrantBody,
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      await grantPlan(app.db, { id: admin.id, ip: request.ip }, request.body);
      return reply.code(204).send();
    },
  );
};
