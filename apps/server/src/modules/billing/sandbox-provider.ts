/**
 * The embedded payment provider (no `STRIPE_SECRET_KEY`): it keeps its customers, subscriptions and
 * invoices in `sandbox_objects` in Stripe's shapes, and its events are Stripe events signed the
 * Stripe way (the SDK's `generateTestHeaderString`) and verified by the same `constructEvent` as
 * Stripe's, so the webhook path tested offline is the one production runs. Its checkout and
 * portal are pages of the app (`/payment/checkout/{id}`, `/payment/portal`); what they do is
 * `sandbox.service.ts`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { BillingInterval, SubscriptionStatus } from '@closia/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client';
import { type InvoiceLine, sandboxObjects } from '../../db/schema/billing';
import { notFound } from '../../lib/errors';
import type {
  CheckoutCreated,
  CheckoutRequest,
  PaidPlanId,
  PaymentCheckoutCreated,
  PaymentCheckoutRequest,
  PaymentProvider,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from './provider';
import { verifyStripeSignature } from './webhook-signature';

/** A checkout page stays payable this long (Stripe: 24 h). */
const CHECKOUT_LIFETIME_MS = 24 * 3_600_000;

/** `cus_sbx_…`, `sub_sbx_…`: the sandbox's ids look like Stripe's, with their own prefix. */
export const sandboxId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('base64url')}`;

export interface SandboxCustomer {
  id: string;
  object: 'customer';
  email: string;
  name: string;
  address: string | null;
  company: string | null;
  vat_number: string | null;
  /** Cents HT credited by a downgrade, taken off the next invoice (Stripe's customer balance). */
  credit: number;
  /** The card on file. */
  card: { brand: string; last4: string } | null;
  metadata: { userId: string };
}

export interface SandboxSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  metadata: { userId: string; planId: PaidPlanId; interval: BillingInterval };
}

export interface SandboxInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  subscription: string;
  status: 'open' | 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  lines: InvoiceLine[];
  subtotal: number;
  tax: number;
  total: number;
  currency: 'eur';
  period_start: number;
  period_end: number;
  paid_at: number | null;
  payment_method: string;
  customer_name: string;
  customer_address: string | null;
  customer_company: string | null;
  customer_vat: string | null;
  customer_email: string;
  metadata: { planId: PaidPlanId; interval: BillingInterval };
}

type SandboxObject = SandboxCustomer | SandboxSubscription | SandboxInvoice;

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);
export const fromUnix = (seconds: number) => new Date(seconds * 1000);

/** The sandbox's webhook secret, derived from the app key (each deployment its own). */
export function sandboxWebhookSecret(appKey: string): string {
  return `whsec_${createHmac('sha256', appKey).update('closia-sandbox-webhook').digest('base64url')}`;
}

/** The sandbox's side, as Stripe keeps it: objects read and written in the caller's transaction. */
export const sandboxStore = {
  async get<T extends SandboxObject>(db: DbOrTx, id: string, kind: T['object']): Promise<T | null> {
    const [row] = await db
      .select({ data: sandboxObjects.data, kind: sandboxObjects.kind })
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, id));
    return row && row.kind === kind ? (row.data as unknown as T) : null;
  },
  /** Reads an object for update (two payments of one session wait for each other). */
  async lock<T extends SandboxObject>(db: DbOrTx, id: string, kind: T['object']): Promise<T | null> {
    const [row] = await db
      .select({ data: sandboxObjects.data, kind: sandboxObjects.kind })
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, id))
      .for('update');
    return row && row.kind === kind ? (row.data as unknown as T) : null;
  },
  async put(db: DbOrTx, object: SandboxObject): Promise<void> {
    const data = object as unknown as Record<string, unknown>;
    await db
      .insert(sandboxObjects)
      .values({ id: object.id, kind: object.object, data })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data, updatedAt: new Date() } });
  },
};

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  /** Only the SDK's webhook helpers are used (no call leaves the machine), loaded at first use. */
  private stripe: Promise<Stripe> | null = null;
  private sdk(): Promise<Stripe> {
    this.stripe ??= import('stripe').then(
      ({ default: StripeSdk }) => new StripeSdk('sk_test_closia_sandbox_offline'),
    );
    return this.stripe;
  }

  constructor(
    private readonly db: DbOrTx,
    private readonly options: { appUrl: string; webhookSecret: string },
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    const customerRef = request.customerRef ?? sandboxId('cus');
    if (!request.customerRef) {
      await sandboxStore.put(this.db, {
        id: customerRef,
        object: 'customer',
        email: request.email,
        name: request.fullName,
        address: null,
        company: null,
        vat_number: null,
        credit: 0,
        card: null,
        metadata: { userId: String(request.userId) },
      });
    }
    const id = sandboxId('cs');
    return {
      id,
      url: `${this.options.appUrl}/payment/checkout/${id}`,
      customerRef,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    };
  }

  /** The same checkout page (`/payment/checkout/{id}`); the caller records the session to pay. */
  async createPaymentCheckout(_request: PaymentCheckoutRequest): Promise<PaymentCheckoutCreated> {
    const id = sandboxId('cs');
    return {
      id,
      url: `${this.options.appUrl}/payment/checkout/${id}`,
      expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
    };
  }

  async createPortal(_customerRef: string, _returnUrl: string): Promise<{ url: string }> {
    return { url: `${this.options.appUrl}/payment/portal` };
  }

  async retrieveSubscription(ref: string): Promise<ProviderSubscription> {
    const sub = await sandboxStore.get<SandboxSubscription>(this.db, ref, 'subscription');
    if (!sub) throw notFound('Subscription');
    return {
      ref: sub.id,
      customerRef: sub.customer,
      userId: Number(sub.metadata.userId) || null,
      planId: sub.metadata.planId,
      interval: sub.metadata.interval,
      status: sub.status,
      currentPeriodStart: fromUnix(sub.current_period_start),
      currentPeriodEnd: fromUnix(sub.current_period_end),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      canceledAt: sub.canceled_at === null ? null : fromUnix(sub.canceled_at),
    };
  }

  async retrieveInvoice(ref: string): Promise<ProviderInvoice> {
    const invoice = await sandboxStore.get<SandboxInvoice>(this.db, ref, 'invoice');
    if (!invoice) throw notFound('Invoice');
    return {
      ref: invoice.id,
      customerRef: invoice.customer,
      subscriptionRef: invoice.subscription,
      status: invoice.status,
      planId: invoice.metadata.planId,
      interval: invoice.metadata.interval,
      periodStart: fromUnix(invoice.period_start),
      periodEnd: fromUnix(invoice.period_end),
      lines: invoice.lines,
      amountHt: invoice.subtotal,
      vatAmount: invoice.tax,
      amountTtc: invoice.total,
      currency: 'EUR',
      paidAt: invoice.paid_at === null ? null : fromUnix(invoice.paid_at),
      paymentMethod: invoice.payment_method,
      buyer: {
        name: invoice.customer_name,
        address: invoice.customer_address,
        company: invoice.customer_company,
        vatNumber: invoice.customer_vat,
        email: invoice.customer_email,
      },
      hostedUrl: null,
    };
  }

  async verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent> {
    return verifyStripeSignature(await this.sdk(), rawBody, signature, this.options.webhookSecret);
  }

  /** A Stripe event around `object`, with its body and `Stripe-Signature` header. */
  async signedEvent(
    type: string,
    object: SandboxObject | Record<string, unknown>,
  ): Promise<{ body: string; signature: string }> {
    const event = {
      id: sandboxId('evt'),
      object: 'event',
      type,
      created: unix(new Date()),
      livemode: false,
      api_version: null,
      data: { object },
    };
    const body = JSON.stringify(event);
    const signature = (await this.sdk()).webhooks.generateTestHeaderString({
      payload: body,
      secret: this.options.webhookSecret,
    });
    return { body, signature };
  }
}
