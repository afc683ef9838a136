/**
 * What the billing endpoints accept (issue 20): the plan and interval of a checkout, the card of
 * the sandbox's checkout page, a plan change from the sandbox's portal, an admin's grant.
 */
import { z } from 'zod';
import { subscriptionStatuses } from '../enums';
import { billingIntervals, planIds } from '../plans';
import { enumField, idField, textField, utcDateTime } from './fields';
import { paginationQuerySchema } from './query';

export const checkoutBody = z.object({
  planId: enumField(planIds),
  interval: enumField(billingIntervals),
});
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** The sandbox's test cards (Stripe's numbers): paid, declined, insufficient funds. */
export const sandboxTestCards = {
  paid: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** The card typed on the sandbox checkout page, with the billing identity an invoice names. */
export const sandboxPayBody = z.object({
  /** Digits, spaces allowed ("4242 4242 4242 4242"). */
  cardNumber: textField()
    .trim()
    .max(23)
    .regex(/^[0-9 ]{12,23}$/),
  /** MM/YY. */
  expiry: textField()
    .trim()
    .max(7)
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?[0-9]{2}$/),
  cvc: textField()
    .trim()
    .max(4)
    .regex(/^[0-9]{3,4}$/),
  billingName: textField().trim().min(2).max(120).optional(),
  billingAddress: textField().trim().min(5).max(300).optional(),
  company: textField().trim().max(120).optional(),
  vatNumber: textField()
    .trim()
    .max(20)
    .regex(/^[A-Z]{2}[0-9A-Z]{2,18}$/)
    .optional(),
});
export type SandboxPayBody = z.infer<typeof sandboxPayBody>;

/** The sandbox's portal: switch plan or interval, cancel at the period's end, resume. */
export const sandboxPortalBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('change'),
    planId: enumField(planIds),
    interval: enumField(billingIntervals),
  }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
]);
export type SandboxPortalBody = z.infer<typeof sandboxPortalBody>;

/** `GET /admin/billing/subscriptions`: filters and page. */
export const adminSubscriptionsQuery = paginationQuerySchema.extend({
  status: enumField(subscriptionStatuses).optional(),
  plan: enumField(['pro', 'equipe'] as const).optional(),
});
export type AdminSubscriptionsQuery = z.infer<typeof adminSubscriptionsQuery>;

/** An admin grants a paid plan by hand until a date, with a reason kept in the audit log. */
export const adminGrantBody = z.object({
  userId: idField(),
  planId: enumField(['pro', 'equipe'] as const),
  until: utcDateTime().refine((value) => Date.parse(value) > Date.now(), {
    message: 'Must be in the future',
    params: { rule: 'future' },
  }),
  reason: textField().trim().min(3).max(500),
});
export type AdminGrantBody = z.infer<typeof adminGrantBody>;
