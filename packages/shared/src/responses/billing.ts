/** What the billing endpoints answer (issue 20). Amounts are euro cents; instants ISO 8601 UTC. */
import { z } from 'zod';
import { subscriptionStatuses } from '../enums';
import { billingIntervals, planIds, planLimitNames } from '../plans';
import { textField } from '../schemas/fields';

const limitValue = z.number().nullable();
const priceCents = z.object({ ht: z.number(), vat: z.number(), ttc: z.number() });

export const planResponse = z.object({
  id: z.enum(planIds),
  name: textField(),
  description: textField(),
  features: z.array(textField()),
  highlighted: z.boolean(),
  /** null: unlimited; 0: not included (`plans.ts`). */
  limits: z.object({
    publishedMissions: limitValue,
    prospects: limitValue,
    advertisements: limitValue,
    paidWebinars: limitValue,
    teams: limitValue,
    teamMembers: limitValue,
    sharedPipeline: limitValue,
  }),
  /** One price per interval: HT, VAT and TTC in cents. */
  prices: z.object({ month: priceCents, year: priceCents }),
});
export type PlanResponse = z.infer<typeof planResponse>;

/** `GET /billing`: my plan as it applies now, and my usage against each limit. */
export const billingResponse = z.object({
  /** The plan that applies now (Gratuit without a subscription, or after the grace period). */
  planId: z.enum(planIds),
  /** The subscribed plan, even while past due (null: none). */
  subscribedPlanId: z.enum(planIds).nullable(),
  interval: z.enum(billingIntervals).nullable(),
  status: z.enum(subscriptionStatuses).nullable(),
  provider: z.enum(['stripe', 'sandbox']),
  /** The plan was granted by an admin until `currentPeriodEnd` (nothing to pay or manage). */
  granted: z.boolean(),
  currentPeriodEnd: textField().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** While past due: when the plan falls back to Gratuit. */
  graceEndsAt: textField().nullable(),
  usage: z.array(
    z.object({
      limit: z.enum(planLimitNames),
      current: z.number(),
      /** null: unlimited. */
      max: z.number().nullable(),
    }),
  ),
});
export type BillingResponse = z.infer<typeof billingResponse>;

/** `POST /billing/checkout` and `POST /billing/portal`. */
export const checkoutResponse = z.object({ url: textField(), sessionId: textField() });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;
export const portalResponse = z.object({ url: textField() });

/** The sandbox checkout page's own data (`GET /billing/sandbox/sessions/{id}`). */
export const sandboxSessionResponse = z.object({
  id: textField(),
  /** null for a one-time payment (a webinar seat, `webinar` below). */
  planId: z.enum(planIds).nullable(),
  interval: z.enum(billingIntervals).nullable(),
  /** A webinar seat's checkout (issue 21): the page shows "Place pour le webinaire « … »". */
  webinar: z.object({ id: z.number(), title: textField() }).nullable(),
  status: z.enum(['open', 'complete', 'expired']),
  amount: priceCents,
  customerEmail: textField(),
  successUrl: textField(),
  cancelUrl: textField(),
});
export type SandboxSessionResponse = z.infer<typeof sandboxSessionResponse>;

export const invoiceResponse = z.object({
  id: z.number(),
  /** F-2026-000123. */
  number: textField(),
  planId: z.enum(planIds),
  interval: z.enum(billingIntervals),
  periodStart: textField(),
  periodEnd: textField(),
  amountHt: z.number(),
  vatAmount: z.number(),
  amountTtc: z.number(),
  currency: textField(),
  paidAt: textField(),
  paymentMethod: textField(),
  /** The PDF (Factur-X) of this invoice. */
  pdfUrl: textField(),
  /** Stripe's hosted invoice, when Stripe billed it. */
  hostedUrl: textField().nullable(),
});
export type InvoiceResponse = z.infer<typeof invoiceResponse>;

/** `/admin`'s revenue figures: MRR (cents HT), paying subscriptions by plan, churn, failed payments. */
export const adminBillingSummaryResponse = z.object({
  mrrCents: z.number(),
  activeByPlan: z.object({ pro: z.number(), equipe: z.number() }),
  churnedThisMonth: z.number(),
  failedPayments: z.number(),
  /** Plans granted by admins, running now. */
  grants: z.number(),
});
export type AdminBillingSummary = z.infer<typeof adminBillingSummaryResponse>;

export const adminSubscriptionRowResponse = z.object({
  id: z.number(),
  userId: z.number(),
  fullName: textField(),
  email: textField(),
  planId: z.enum(['pro', 'equipe']),
  interval: z.enum(billingIntervals),
  status: z.enum(subscriptionStatuses),
  provider: z.enum(['stripe', 'sandbox', 'manual']),
  currentPeriodEnd: textField(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: textField(),
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowResponse>;
