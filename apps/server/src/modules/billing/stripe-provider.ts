/**
 * The payment provider on real Stripe (issue 20 §2), used when `STRIPE_SECRET_KEY` is set. It
 * speaks the SDK pinned in package.json, which sends its API version (`2026-10-28.endive`) with
 * every call: an invoice's subscription is under `parent.subscription_details`, its payments under
 * `payments` (expanded on retrieve), its VAT under `total_taxes`, and a subscription's period on its
 * items — read from the subscription itself too, where API versions before 2025-03-31 kept it.
 *
 * Prices and the 20 % VAT rate are found by their keys and created once when missing, so an
 * operator only pastes API keys. Every call has one deadline: when Stripe is down or slow, the
 * caller gets a 503 `E_SERVICE_UNAVAILABLE` within `deadlineMs` (the API answers within 2 s).
 */
import { createHash } from 'node:crypto';
import {
  AppError,
  type BillingInterval,
  billingIntervals,
  errorCodes,
  planPrice,
  plans,
  type SubscriptionStatus,
} from '@closia/shared';
import Stripe from 'stripe';
import type { InvoiceLine } from '../../db/schema/billing';
import type {
  CheckoutCreated,
  CheckoutRequest,
  PaidPlanId,
  PaymentProvider,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from './provider';

export interface StripeProviderOptions {
  /** `STRIPE_SECRET_KEY`: `sk_test_…` or `sk_live_…` (a restricted `rk_…` works with the rights below). */
  secretKey: string;
  /** `STRIPE_WEBHOOK_SECRET`: the endpoint's signing secret, `whsec_…`. */
  webhookSecret: string;
  /** `APP_URL`: shown on the Stripe products created here. */
  appUrl: string;
  /** `STRIPE_AUTOMATIC_TAX=1`: Stripe Tax computes the VAT; otherwise a 20 % French VAT rate applies. */
  automaticTax?: boolean;
  /** Tests: a local fake of the Stripe API instead of api.stripe.com. */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The longest one provider call may take, retries included, before a 503 (default 1,800 ms). */
  deadlineMs?: number;
}

/** Stripe's own timeout for one HTTP request, and how many times a failed one is tried again. */
export const STRIPE_TIMEOUT_MS = 1500;
export const STRIPE_MAX_NETWORK_RETRIES = 1;
const DEFAULT_DEADLINE_MS = 1800;
/** The signature's age Stripe's webhook may have (seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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
function paymentMethodText(
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
function idOf(value: string | { id: string } | null | undefined): string | null {
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

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  /** The SDK client (tests and the integrator may read it; the provider's methods are the interface). */
  readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly appUrl: string;
  private readonly automaticTax: boolean;
  private readonly deadlineMs: number;
  /** Price ids by lookup key, found or created once per process. */
  private readonly prices = new Map<string, Promise<string>>();
  /** The plan of each price seen (null: not one of ours), to read invoices' lines. */
  private readonly planByPrice = new Map<string, PlanAndInterval | null>();
  private taxRate: Promise<string> | null = null;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      timeout: STRIPE_TIMEOUT_MS,
      maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
      appInfo: { name: 'Closia', url: options.appUrl },
      ...(options.apiBase ?? {}),
    });
    this.webhookSecret = options.webhookSecret;
    this.appUrl = options.appUrl.replace(/\/$/, '');
    this.automaticTax = options.automaticTax ?? false;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  createCheckout(request: CheckoutRequest): Promise<CheckoutCreated> {
    return this.call(async () => {
      const customer = request.customerRef ?? (await this.createCustomer(request));
      const [price, taxRate] = await Promise.all([
        this.priceId(request.planId, request.interval),
        this.automaticTax ? null : this.taxRateId(),
      ]);
      const metadata = {
        userId: String(request.userId),
        planId: request.planId,
        interval: request.interval,
      };
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          client_reference_id: String(request.userId),
          line_items: [{ price, quantity: 1, ...(taxRate ? { tax_rates: [taxRate] } : {}) }],
          allow_promotion_codes: true,
          ...(this.automaticTax ? { automatic_tax: { enabled: true } } : {}),
          billing_address_collection: 'required',
          tax_id_collection: { enabled: true },
          customer_update: { address: 'auto', name: 'auto' },
          locale: 'fr',
          metadata,
          subscription_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return {
        id: session.id,
        url: session.url,
        customerRef: idOf(session.customer) ?? customer,
        expiresAt: new Date(session.expires_at * 1000),
      };
    });
  }

  createPortal(customerRef: string, returnUrl: string): Promise<{ url: string }> {
    return this.call(async () => {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
        locale: 'fr',
      });
      return { url: session.url };
    });
  }

  retrieveSubscription(ref: string): Promise<ProviderSubscription> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.retrieve(ref);
      return this.mapSubscription(sub);
    });
  }

  retrieveInvoice(ref: string): Promise<ProviderInvoice> {
    return this.call(async () => {
      // Stripe expands at most four levels (`payments.data.payment.charge`): a line's price and a
      // payment intent's method are one level too deep, so they are read apart when needed.
      const invoice = await this.stripe.invoices.retrieve(ref, {
        expand: ['payments.data.payment.payment_intent', 'payments.data.payment.charge'],
      });
      const planLine = planLineOf(invoice);
      const [plan, paymentMethod] = await Promise.all([
        this.planOfPrice(planLine?.pricing?.price_details?.price),
        this.paymentMethodOf(invoice),
      ]);
      return this.mapInvoice(invoice, planLine, plan, paymentMethod);
    });
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    const invalid = () => new AppError(400, errorCodes.badRequest, 'Invalid webhook signature');
    if (!signature) throw invalid();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch {
      // A bad or expired signature, or a signed body that is not an event.
      throw invalid();
    }
    const object = (event.data as { object?: unknown } | undefined)?.object as
      | ProviderEvent['data']['object']
      | undefined;
    if (!event.id || !event.type || !object || typeof object.id !== 'string') throw invalid();
    return { id: event.id, type: event.type, created: event.created, data: { object } };
  }

  // --- mapping

  private mapSubscription(sub: Stripe.Subscription): ProviderSubscription {
    const item = sub.items.data[0];
    // API versions before 2025-03-31 kept the period on the subscription itself.
    const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
    const start = item?.current_period_start ?? legacy.current_period_start;
    const end = item?.current_period_end ?? legacy.current_period_end;
    if (start === undefined || end === undefined) {
      throw new Error(`Stripe subscription ${sub.id} has no current period`);
    }
    const plan = this.planOrMetadata(sub.id, item ? planOfPriceObject(item.price) : null, sub.metadata);
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

  private mapInvoice(
    invoice: Stripe.Invoice,
    planLine: Stripe.InvoiceLineItem | undefined,
    pricePlan: PlanAndInterval | null,
    paymentMethod: string,
  ): ProviderInvoice {
    const details = invoice.parent?.subscription_details ?? null;
    const lineItems = invoice.lines.data;
    const plan = this.planOrMetadata(invoice.id, pricePlan, details?.metadata ?? null);

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
  private planOrMetadata(
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

  /** The plan of a price given by id or in full: ours are known, another is read once. */
  private async planOfPrice(
    price: string | Stripe.Price | null | undefined,
  ): Promise<PlanAndInterval | null> {
    if (!price) return null;
    if (typeof price === 'object') return planOfPriceObject(price);
    if (!this.planByPrice.has(price)) {
      this.planByPrice.set(price, planOfPriceObject(await this.stripe.prices.retrieve(price)));
    }
    return this.planByPrice.get(price) ?? null;
  }

  /** "Carte bancaire •••• 4242" from the invoice's payment, its payment method read when needed. */
  private async paymentMethodOf(invoice: Stripe.Invoice): Promise<string> {
    const payments = invoice.payments?.data ?? [];
    const payment =
      payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.is_default) ?? payments[0];
    const intent = payment?.payment.payment_intent;
    const charge = payment?.payment.charge;
    if (intent && typeof intent === 'object' && intent.payment_method) {
      // A method since deleted is no reason to lose the invoice: it is then named without details.
      const method =
        typeof intent.payment_method === 'object'
          ? intent.payment_method
          : await this.stripe.paymentMethods.retrieve(intent.payment_method).catch((error: unknown) => {
              if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
              throw error;
            });
      const text = method
        ? paymentMethodText(method.type, method.card)
        : paymentMethodText(
            intent.payment_method_types.length === 1 ? intent.payment_method_types[0] : undefined,
            null,
          );
      if (text) return text;
    }
    if (charge && typeof charge === 'object' && charge.payment_method_details) {
      const method = charge.payment_method_details;
      const text = paymentMethodText(method.type, method.card);
      if (text) return text;
    }
    if (invoice.total === 0) return 'Aucun paiement (montant nul)';
    return 'Paiement en ligne';
  }

  // --- what checkout needs, found or created once

  private createCustomer(request: CheckoutRequest): Promise<string> {
    // Derived from the user and what is sent: a retry creates no second customer, and a changed
    // e-mail (a different request for Stripe) does not collide with the first key.
    const fingerprint = createHash('sha256')
      .update(`${request.email}\n${request.fullName}`)
      .digest('hex')
      .slice(0, 16);
    return this.stripe.customers
      .create(
        {
          email: request.email,
          name: request.fullName,
          preferred_locales: ['fr'],
          metadata: { userId: String(request.userId) },
        },
        { idempotencyKey: `closia-customer-${request.userId}-${fingerprint}` },
      )
      .then((customer) => customer.id);
  }

  /** The price of a plan and interval: by lookup key, else created (with its product when needed). */
  private priceId(planId: PaidPlanId, interval: BillingInterval): Promise<string> {
    const key = priceLookupKey(planId, interval);
    let price = this.prices.get(key);
    if (!price) {
      price = this.findOrCreatePrice(planId, interval);
      // A failure is not remembered: the next checkout asks Stripe again.
      price.catch(() => this.prices.delete(key));
      this.prices.set(key, price);
    }
    return price;
  }

  private async findOrCreatePrice(planId: PaidPlanId, interval: BillingInterval): Promise<string> {
    const lookupKeys = billingIntervals.map((i) => priceLookupKey(planId, i));
    const found = await this.stripe.prices.list({
      lookup_keys: lookupKeys,
      active: true,
      expand: ['data.product'],
    });
    for (const price of found.data) this.planByPrice.set(price.id, planOfPriceObject(price));
    const key = priceLookupKey(planId, interval);
    const amount = planPrice(planId, interval).ht;
    const existing = found.data.find((p) => p.lookup_key === key);
    if (
      existing &&
      existing.unit_amount === amount &&
      existing.currency === 'eur' &&
      existing.recurring?.interval === interval
    ) {
      return existing.id;
    }
    // The plan's product: the one of its other interval's price, else a new one.
    const product =
      idOf(found.data.find((p) => p.lookup_key !== null && lookupKeys.includes(p.lookup_key))?.product) ??
      (await this.createProduct(planId));
    const created = await this.stripe.prices.create(
      {
        product,
        currency: 'eur',
        unit_amount: amount,
        recurring: { interval },
        tax_behavior: 'exclusive',
        lookup_key: key,
        // A price of ours at another amount (the plan table changed): the key moves to the new one.
        transfer_lookup_key: existing !== undefined,
        nickname: `${plans[planId].name} (${interval === 'year' ? 'annuel' : 'mensuel'})`,
        metadata: { planId, interval },
      },
      // Per key, amount and the price it replaces: a retry reuses it, a later change does not.
      { idempotencyKey: `closia-price-${key}-${amount}-${existing?.id ?? 'first'}` },
    );
    this.planByPrice.set(created.id, { planId, interval });
    return created.id;
  }

  private async createProduct(planId: PaidPlanId): Promise<string> {
    const plan = plans[planId];
    const product = await this.stripe.products.create(
      {
        name: `Closia ${plan.name}`,
        description: plan.description,
        url: `${this.appUrl}/pricing`,
        metadata: { planId },
      },
      { idempotencyKey: `closia-product-${planId}` },
    );
    return product.id;
  }

  /** The French VAT at 20 %, excluding: an existing active rate, else one created once. */
  private taxRateId(): Promise<string> {
    if (!this.taxRate) {
      this.taxRate = this.findOrCreateTaxRate();
      this.taxRate.catch(() => {
        this.taxRate = null;
      });
    }
    return this.taxRate;
  }

  private async findOrCreateTaxRate(): Promise<string> {
    const rates = await this.stripe.taxRates.list({ active: true, inclusive: false, limit: 100 });
    const existing = rates.data.find(
      (rate) =>
        rate.percentage === 20 && !rate.inclusive && rate.country === 'FR' && rate.display_name === 'TVA',
    );
    if (existing) return existing.id;
    const created = await this.stripe.taxRates.create(
      {
        display_name: 'TVA',
        description: 'TVA française au taux normal',
        percentage: 20,
        inclusive: false,
        country: 'FR',
        jurisdiction: 'FR',
        tax_type: 'vat',
      },
      { idempotencyKey: 'closia-tax-rate-fr-vat-20' },
    );
    return created.id;
  }

  /** Runs one provider operation within the deadline, Stripe's failures turned into the envelope. */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new AppError(503, errorCodes.serviceUnavailable, 'The payment provider did not answer in time'),
          ),
        this.deadlineMs,
      );
    });
    try {
      return await Promise.race([operation(), deadline]);
    } catch (error) {
      throw stripeErrorToAppError(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The line that bills the plan: a subscription line, the one paid for last (a plan change's
 * invoice credits the old plan's unused time and bills the new plan's remaining time).
 */
function planLineOf(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines.data;
  const subscriptionLines = lines.filter((line) => line.parent?.type === 'subscription_item_details');
  const candidates = subscriptionLines.length > 0 ? subscriptionLines : lines;
  return [...candidates].sort(
    (a, b) => Number(b.amount > 0) - Number(a.amount > 0) || b.period.end - a.period.end,
  )[0];
}

/** The plan a price of ours stands for: its lookup key, else the metadata it was created with. */
function planOfPriceObject(price: Stripe.Price): PlanAndInterval | null {
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
