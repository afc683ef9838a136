/**
 * The payment provider as the billing service sees it (issue 20): Stripe when `STRIPE_SECRET_KEY`
 * is set (`stripe-provider.ts`), else the embedded sandbox (`sandbox-provider.ts`) with the same
 * flow offline. Both speak Stripe's shapes: the webhook receives Stripe events, signed the Stripe
 * way, and reads every object's current state back through `retrieveSubscription`/`retrieveInvoice`
 * rather than trusting the event's copy or the events' order.
 */
import type { BillingInterval, PlanId, SubscriptionStatus } from '@closia/shared';
import type { BillingIdentity, BillingProvider, InvoiceLine } from '../../db/schema/billing';

export type PaidPlanId = Exclude<PlanId, 'gratuit'>;

export interface CheckoutRequest {
  userId: number;
  email: string;
  fullName: string;
  /** The customer already created for this user (reused), or null to create one. */
  customerRef: string | null;
  planId: PaidPlanId;
  interval: BillingInterval;
  /** Where the provider sends the browser back: `{APP_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
  /** Same key → same session (a double click opens one checkout). */
  idempotencyKey: string;
}

export interface CheckoutCreated {
  /** `cs_…` */
  id: string;
  url: string;
  /** The customer the session bills (created now when `customerRef` was null). */
  customerRef: string;
  expiresAt: Date;
}

/**
 * A one-time payment (a webinar seat, issue 21): Stripe Checkout in `payment` mode, one line at a
 * price VAT included, no customer kept (the e-mail is prefilled).
 */
export interface PaymentCheckoutRequest {
  userId: number;
  email: string;
  /** The line's name: "Place pour le webinaire « … »". */
  description: string;
  /** Cents, VAT included (the price the buyer saw). */
  amountTtc: number;
  /** On the session and its payment: `{ kind: 'webinar', webinarId, userId, consentToContact }`. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** Same key → same session (per user, webinar, amount and consent). */
  idempotencyKey: string;
}

export interface PaymentCheckoutCreated {
  /** `cs_…` */
  id: string;
  url: string;
  expiresAt: Date;
}

/** A subscription's current state on the provider's side. */
export interface ProviderSubscription {
  ref: string;
  customerRef: string;
  /** From the subscription's metadata (`userId`), set at checkout. */
  userId: number | null;
  planId: PaidPlanId;
  interval: BillingInterval;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
}

/** A paid (or failed) invoice on the provider's side, with what ours must say. */
export interface ProviderInvoice {
  ref: string;
  customerRef: string;
  subscriptionRef: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  planId: PaidPlanId;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  lines: InvoiceLine[];
  /** Cents, excluding VAT. */
  amountHt: number;
  vatAmount: number;
  amountTtc: number;
  currency: string;
  paidAt: Date | null;
  /** "Carte bancaire •••• 4242", "Prélèvement SEPA". */
  paymentMethod: string;
  buyer: Omit<BillingIdentity, 'email'> & { email: string | null };
  hostedUrl: string | null;
}

/** The part of a Stripe event the webhook reads. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: { id: string; object: string } & Record<string, unknown> };
}

export interface PaymentProvider {
  readonly name: Exclude<BillingProvider, 'manual'>;
  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated>;
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<PaymentCheckoutCreated>;
  /** The page where a customer changes plan, interval or payment method, or cancels. */
  createPortal(customerRef: string, returnUrl: string): Promise<{ url: string }>;
  retrieveSubscription(ref: string): Promise<ProviderSubscription>;
  retrieveInvoice(ref: string): Promise<ProviderInvoice>;
  /** Checks the `Stripe-Signature` header on the raw body (5 min tolerance); throws on a bad one. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}
