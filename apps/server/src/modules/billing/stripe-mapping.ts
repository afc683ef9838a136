/**
 * Stripe's objects as the billing service reads them (`PaymentProvider`'s shapes), and Stripe's
 * errors as the API's envelope: the pure half of the Stripe provider (`stripe-provider.ts`).
 */
import {
  AppError,
  type BillingInterval,
  billingIntervals,
  errorCodes,
  plans,
  type SubscriptionStatus,
} from '@closia/shared';
import Stripe from 'stripe';
import type { InvoiceLine } from '../../db/schema/billing';
import type { PaidPlanId, ProviderInvoice, ProviderSubscription } from './provider';

const paidPlanIds = ['pro', 'equipe'] as const satisfies readonly PaidPlanId[];

export interface PlanAndInterval {
  planId: PaidPlanId;
  interval: BillingInterval;
}

/** The key an operator sees on a price in the dashboard: `closia_pro_month`. */
export function priceLookupKey(planId: PaidPlanId, interval: BillingInterval): string {
  return `closia_${planId}_${interval}`;
}

/** The plan and interval of a lookup key made by `priceLookupKey` (null: not one of ours). */
export function parseLookupKey(key: string | null | undefined): PlanAndInterval | null {
  const match = /^closia_([a-z]+)_([a-z]+)$/.exec(key ?? '');
  if (!match) return null;
  const planId = paidPlanIds.find((id) => id === match[1]);
  const interval = billingIntervals.find((i) => i === match[2]);
  return planId && interval ? { planId, interval } : null;
}

/** Stripe's subscription statuses as ours. */
export function subscriptionStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // incomplete, paused and any status a later API version adds: no plan until it is paid.
      return 'incomplete';
  }
}

const countryNames = new Intl.DisplayNames(['fr'], { type: 'region' });

/** A postal address on one line, the French way: "12 rue de la Paix, 75002 Paris, France". */
export function frenchAddressLine(address: Stripe.Address | null | undefined): string | null {
  if (!address) return null;
  const town = [address.postal_code, address.city].filter(Boolean).join(' ');
  let country: string | null = null;
  if (address.country) {
    try {
      country = countryNames.of(address.country.toUpperCase()) ?? address.country;
    } catch {
      country = address.country;
    }
  }
  const parts = [address.line1, address.line2, town, address.state, country]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** How an invoice was paid, in French, from a payment method's type and details. */
export function paymentMethodText(
  type: string | undefined,
  card: { last4?: string | null } | null | undefined,
): string | null {
  switch (type) {
    case 'card':
      return card?.last4 ? `Carte bancaire •••• ${card.last4}` : 'Carte bancaire';
    case 'sepa_debit':
      return 'Prélèvement SEPA';
    case 'paypal':
      return 'PayPal';
    case 'link':
      return 'Carte bancaire (Link)';
    case 'customer_balance':
      return 'Virement bancaire';
    case undefined:
      return null;
    default:
      return 'Paiement en ligne';
  }
}

/** The id of an expandable field, whether Stripe sent the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function dateOf(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** A Stripe failure as the API's envelope: 503 when Stripe is unreachable, a 4xx when it refused. */
export function stripeErrorToAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const unavailable = (message: string) => new AppError(503, errorCodes.serviceUnavailable, message);
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return unavailable('The payment provider cannot be reached');
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return unavailable('The payment provider is busy');
  }
  if (
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  ) {
    // A revoked or wrong key: nothing the caller can fix; the log says which.
    return unavailable('The payment provider refused our credentials');
  }
  if (error instanceof Stripe.errors.StripeAPIError || (error.statusCode ?? 500) >= 500) {
    return unavailable('The payment provider is unavailable');
  }
  if (error instanceof Stripe.errors.StripeCardError) {
    const insufficient = error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds';
    return new AppError(
      402,
      errorCodes.paymentDeclined,
      insufficient ? 'Insufficient funds' : 'The card was declined',
      undefined,
      insufficient ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
    );
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(409, errorCodes.conflict, 'This request was already made with other parameters');
  }
  if (error.statusCode === 404 || error.code === 'resource_missing') {
    return new AppError(404, errorCodes.notFound, 'The payment provider has no such object');
  }
  return new AppError(
    400,
    errorCodes.badRequest,
    `The payment provider refused the request (${error.code ?? error.type})`,
  );
}

/** A subscription as `retrieveSubscription` answers it: plan from the item's price, else the metadata. */
export function mapSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  // API versions before 2025-03-31 kept the period on the subscription itself.
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  if (start === undefined || end === undefined) {
    throw new Error(`Stripe subscription ${sub.id} has no current period`);
  }
  const plan = planOrMetadata(sub.id, item ? planOfPriceObject(item.price) : null, sub.metadata);
  return {
    ref: sub.id,
    customerRef: idOf(sub.customer) ?? '',
    userId: userIdOf(sub.metadata),
    planId: plan.planId,
    interval: plan.interval,
    status: subscriptionStatus(sub.status),
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    // The portal cancels "at period end" through either field, depending on its version.
    cancelAtPeriodEnd:
      sub.status !== 'canceled' && (sub.cancel_at_period_end || (sub.cancel_at ?? null) !== null),
    canceledAt: dateOf(sub.canceled_at),
  };
}

/**
 * An invoice as `retrieveInvoice` answers it, in cents: lines HT (a promotion code as a negative
 * "Remise" line, so that they add up to the HT), VAT, TTC, the buyer Checkout collected.
 */
export function mapInvoice(
  invoice: Stripe.Invoice,
  planLine: Stripe.InvoiceLineItem | undefined,
  pricePlan: PlanAndInterval | null,
  paymentMethod: string,
): ProviderInvoice {
  const details = invoice.parent?.subscription_details ?? null;
  const lineItems = invoice.lines.data;
  const plan = planOrMetadata(invoice.id, pricePlan, details?.metadata ?? null);

  const lines: InvoiceLine[] = lineItems.map((line) => {
    const inclusiveTax = (line.taxes ?? [])
      .filter((tax) => tax.tax_behavior === 'inclusive')
      .reduce((sum, tax) => sum + tax.amount, 0);
    const amountHt = line.amount - inclusiveTax;
    const quantity = line.quantity ?? 1;
    return {
      description: line.description ?? plans[plan.planId].name,
      quantity,
      unitAmountHt: quantity > 0 ? Math.round(amountHt / quantity) : amountHt,
      amountHt,
    };
  });
  // Promotion codes and credits come off before VAT: one line, so the lines add up to the HT.
  const deductions = (invoice.total_pretax_credit_amounts ?? invoice.total_discount_amounts ?? []).reduce(
    (sum, credit) => sum + credit.amount,
    0,
  );
  if (deductions > 0) {
    lines.push({ description: 'Remise', quantity: 1, unitAmountHt: -deductions, amountHt: -deductions });
  }

  const vatAmount = (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
  const amountTtc = invoice.total;
  const amountHt = invoice.total_excluding_tax ?? amountTtc - vatAmount;
  const taxIds = invoice.customer_tax_ids ?? [];
  const vatNumber = (taxIds.find((id) => id.type === 'eu_vat') ?? taxIds[0])?.value ?? null;
  const name = invoice.customer_name ?? invoice.customer_email ?? '';
  return {
    ref: invoice.id,
    customerRef: idOf(invoice.customer) ?? '',
    subscriptionRef: idOf(details?.subscription),
    status: (invoice.status ?? 'draft') as ProviderInvoice['status'],
    planId: plan.planId,
    interval: plan.interval,
    periodStart: new Date((planLine?.period.start ?? invoice.period_start) * 1000),
    periodEnd: new Date((planLine?.period.end ?? invoice.period_end) * 1000),
    lines,
    amountHt,
    vatAmount,
    amountTtc,
    currency: invoice.currency.toUpperCase(),
    paidAt: dateOf(invoice.status_transitions.paid_at),
    paymentMethod,
    buyer: {
      name,
      address: frenchAddressLine(invoice.customer_address),
      // Checkout asks a business for its name and VAT number together: with a VAT number, the
      // name Stripe keeps is the company's.
      company: vatNumber ? name || null : null,
      vatNumber,
      email: invoice.customer_email,
    },
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** The plan its price says, else the one the metadata written at checkout says. */
function planOrMetadata(
  ref: string,
  fromPrice: PlanAndInterval | null,
  metadata: Stripe.Metadata | null,
): PlanAndInterval {
  const plan = fromPrice ?? planFromMetadata(metadata);
  if (plan) return plan;
  throw new AppError(
    400,
    errorCodes.badRequest,
    `Stripe object ${ref} is not a Closia plan (no closia_* price lookup key nor planId metadata)`,
  );
}

/**
 * The line that bills the plan: a subscription line, the one paid for last (a plan change's
 * invoice credits the old plan's unused time and bills the new plan's remaining time).
 */
export function planLineOf(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines.data;
  const subscriptionLines = lines.filter((line) => line.parent?.type === 'subscription_item_details');
  const candidates = subscriptionLines.length > 0 ? subscriptionLines : lines;
  return [...candidates].sort(
    (a, b) => Number(b.amount > 0) - Number(a.amount > 0) || b.period.end - a.period.end,
  )[0];
}

/** The plan a price of ours stands for: its lookup key, else the metadata it was created with. */
export function planOfPriceObject(price: Stripe.Price): PlanAndInterval | null {
  return parseLookupKey(price.lookup_key) ?? planFromMetadata(price.metadata);
}

function planFromMetadata(metadata: Stripe.Metadata | null | undefined): PlanAndInterval | null {
  const planId = paidPlanIds.find((id) => id === metadata?.planId);
  const interval = billingIntervals.find((i) => i === metadata?.interval);
  return planId && interval ? { planId, interval } : null;
}

function userIdOf(metadata: Stripe.Metadata | null | undefined): number | null {
  const id = Number(metadata?.userId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
