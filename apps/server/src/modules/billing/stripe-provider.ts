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
} from '@closia/shared';
import Stripe from 'stripe';
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
import {
  idOf,
  mapInvoice,
  mapSubscription,
  type PlanAndInterval,
  paymentMethodText,
  planLineOf,
  planOfPriceObject,
  priceLookupKey,
  stripeErrorToAppError,
} from './stripe-mapping';
import { verifyStripeSignature } from './webhook-signature';

export interface StripeProviderOptions {
  /** `STRIPE_SECRET_KEY`: `sk_test_…` or `sk_live_…` (or a restricted `rk_…` key with the rights docs/stripe.md lists). */
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
      const open = (billed: string, idempotencyKey: string) =>
        this.stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: billed,
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
          { idempotencyKey },
        );
      let session: Stripe.Checkout.Session;
      try {
        session = await open(customer, request.idempotencyKey);
      } catch (error) {
        // The stored customer was deleted on Stripe's side (from the dashboard): a new one is
        // created, and the answer's `customerRef` says which to keep from now on.
        if (!request.customerRef || !isMissingCustomer(error)) throw error;
        const replacement = await this.createCustomer(request, request.customerRef);
        session = await open(replacement, `${request.idempotencyKey}-${replacement}`);
      }
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return {
        id: session.id,
        url: session.url,
        customerRef: idOf(session.customer) ?? customer,
        expiresAt: new Date(session.expires_at * 1000),
      };
    });
  }

  /**
   * A one-time payment (a webinar seat): the amount is the price VAT included, as shown to the
   * buyer (`tax_behavior: inclusive`), no customer object is created, the metadata goes on the
   * session and on its payment intent.
   */
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<PaymentCheckoutCreated> {
    return this.call(async () => {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: request.email,
          client_reference_id: String(request.userId),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amountTtc,
                tax_behavior: 'inclusive',
                product_data: { name: request.description },
              },
            },
          ],
          locale: 'fr',
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
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
      return mapSubscription(sub);
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
      return mapInvoice(invoice, planLine, plan, paymentMethod);
    });
  }

  async verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent> {
    return verifyStripeSignature(this.stripe, rawBody, signature, this.webhookSecret);
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

  private createCustomer(request: CheckoutRequest, replaces?: string): Promise<string> {
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
        // A replacement has its own key: the deleted customer's would replay the deleted customer.
        {
          idempotencyKey: `closia-customer-${request.userId}-${fingerprint}${replaces ? `-${replaces}` : ''}`,
        },
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

function isMissingCustomer(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'resource_missing' &&
    error.param === 'customer'
  );
}
