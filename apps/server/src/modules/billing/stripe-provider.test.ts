/**
 * The Stripe provider against a local fake of the Stripe API (`test/fake-stripe.ts`): what it asks
 * Stripe for at checkout, how it reads subscriptions and invoices back, the webhook signature with
 * the SDK's own signing helper, and Stripe down → 503 within 2 s.
 */
import { AppError } from '@closia/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeStripe, parseStripeForm, type StripeJson } from '../../test/fake-stripe';
import type { CheckoutRequest } from './provider';
import { frenchAddressLine } from './stripe-mapping';
import { StripeProvider, type StripeProviderOptions } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_closia';
const DAY = 86_400;

let fake: FakeStripe;

beforeEach(async () => {
  fake = await FakeStripe.start();
});

afterEach(async () => {
  await fake.close();
});

function provider(options: Partial<StripeProviderOptions> = {}): StripeProvider {
  return new StripeProvider({
    secretKey: 'sk_test_closia',
    webhookSecret: WEBHOOK_SECRET,
    appUrl: 'https://closia.test',
    apiBase: fake.apiBase,
    ...options,
  });
}

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    userId: 42,
    email: 'lea@example.fr',
    fullName: 'Léa Martin',
    customerRef: null,
    planId: 'pro',
    interval: 'month',
    successUrl: 'https://closia.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://closia.test/payment/pro',
    idempotencyKey: 'checkout-42-a',
    ...overrides,
  };
}

/** The error a promise rejects with, and how long it took. */
async function failure(promise: Promise<unknown>): Promise<{ error: AppError; ms: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error: error as AppError, ms: performance.now() - started };
  }
  throw new Error('expected a rejection');
}

describe('parseStripeForm', () => {
  it('decodes bracket keys into objects and arrays', () => {
    expect(
      parseStripeForm(
        'mode=subscription&line_items[0][price]=price_1&line_items[0][tax_rates][0]=txr_1&metadata[userId]=42&expand[0]=data.product',
      ),
    ).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', tax_rates: ['txr_1'] }],
      metadata: { userId: '42' },
      expand: ['data.product'],
    });
  });
});

describe('createCheckout', () => {
  it('creates the customer, the price and the VAT rate, then a subscription checkout in French', async () => {
    const stripe = provider();
    const created = await stripe.createCheckout(checkout());

    const [customerCall, ...moreCustomers] = fake.calls('POST /v1/customers');
    expect(moreCustomers).toHaveLength(0);
    expect(customerCall?.params).toEqual({
      email: 'lea@example.fr',
      name: 'Léa Martin',
      preferred_locales: ['fr'],
      metadata: { userId: '42' },
    });
    expect(customerCall?.idempotencyKey).toMatch(/^closia-customer-42-[0-9a-f]{16}$/);

    // The price: looked up by its key first, then created with its product.
    const [lookup] = fake.calls('GET /v1/prices');
    expect(lookup?.params.lookup_keys).toEqual(['closia_pro_month', 'closia_pro_year']);
    expect(lookup?.params.expand).toEqual(['data.product']);
    const [product] = fake.calls('POST /v1/products');
    expect(product?.params).toMatchObject({ name: 'Closia Pro', metadata: { planId: 'pro' } });
    const [priceCall] = fake.calls('POST /v1/prices');
    expect(priceCall?.params).toMatchObject({
      currency: 'eur',
      unit_amount: '2900',
      recurring: { interval: 'month' },
      tax_behavior: 'exclusive',
      lookup_key: 'closia_pro_month',
      transfer_lookup_key: 'false',
    });

    // The VAT: no 20 % French rate yet, so one is created.
    expect(fake.calls('GET /v1/tax_rates')).toHaveLength(1);
    const [rateCall] = fake.calls('POST /v1/tax_rates');
    expect(rateCall?.params).toMatchObject({
      display_name: 'TVA',
      percentage: '20',
      inclusive: 'false',
      country: 'FR',
      tax_type: 'vat',
    });

    const [sessionCall] = fake.calls('POST /v1/checkout/sessions');
    const price = [...fake.objects.values()].find((o) => o.object === 'price');
    const rate = [...fake.objects.values()].find((o) => o.object === 'tax_rate');
    const customer = [...fake.objects.values()].find((o) => o.object === 'customer');
    expect(sessionCall?.idempotencyKey).toBe('checkout-42-a');
    expect(sessionCall?.params).toEqual({
      mode: 'subscription',
      customer: customer?.id,
      client_reference_id: '42',
      line_items: [{ price: price?.id, quantity: '1', tax_rates: [rate?.id] }],
      allow_promotion_codes: 'true',
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      customer_update: { address: 'auto', name: 'auto' },
      locale: 'fr',
      metadata: { userId: '42', planId: 'pro', interval: 'month' },
      subscription_data: { metadata: { userId: '42', planId: 'pro', interval: 'month' } },
      success_url: 'https://closia.test/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://closia.test/payment/pro',
    });

    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.com/c/pay/${created.id}`);
    expect(created.customerRef).toBe(customer?.id);
    expect(created.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
  });

  it('reuses the customer and what it found on the next checkout', async () => {
    const stripe = provider();
    const first = await stripe.createCheckout(checkout());
    const second = await stripe.createCheckout(
      checkout({ customerRef: first.customerRef, idempotencyKey: 'checkout-42-b' }),
    );

    expect(second.id).not.toBe(first.id);
    expect(second.customerRef).toBe(first.customerRef);
    expect(fake.calls('POST /v1/customers')).toHaveLength(1);
    expect(fake.calls('POST /v1/checkout/sessions')[1]?.params.customer).toBe(first.customerRef);
    // Price and VAT rate ids are kept in memory: no second look-up.
    expect(fake.calls('GET /v1/prices')).toHaveLength(1);
    expect(fake.calls('GET /v1/tax_rates')).toHaveLength(1);
  });

  it('answers the same session to the same idempotency key (a double click opens one checkout)', async () => {
    const stripe = provider();
    const [a, b] = await Promise.all([stripe.createCheckout(checkout()), stripe.createCheckout(checkout())]);
    const again = await stripe.createCheckout(checkout());

    expect(b.id).toBe(a.id);
    expect(again.id).toBe(a.id);
    expect(again.customerRef).toBe(a.customerRef);
    // The customer's key is derived from the user: the retries made no second customer.
    expect([...fake.objects.values()].filter((o) => o.object === 'customer')).toHaveLength(1);
    expect([...fake.objects.values()].filter((o) => o.object === 'checkout.session')).toHaveLength(1);
    // Concurrent checkouts shared one price creation.
    expect(fake.calls('POST /v1/prices')).toHaveLength(1);
  });

  it('finds the prices and the VAT rate another process created instead of creating them again', async () => {
    await provider().createCheckout(checkout());
    await provider().createCheckout(checkout({ interval: 'year', idempotencyKey: 'checkout-42-y' }));
    await provider().createCheckout(checkout({ idempotencyKey: 'checkout-42-c' }));

    const prices = fake.calls('POST /v1/prices');
    expect(prices.map((p) => [p.params.lookup_key, p.params.unit_amount])).toEqual([
      ['closia_pro_month', '2900'],
      ['closia_pro_year', '29000'],
    ]);
    // The yearly price joined the monthly price's product.
    expect(fake.calls('POST /v1/products')).toHaveLength(1);
    expect(prices[1]?.params.product).toBe(prices[0]?.params.product);
    expect(fake.calls('POST /v1/tax_rates')).toHaveLength(1);
    expect(fake.calls('GET /v1/tax_rates')).toHaveLength(3);
  });

  it('moves the lookup key to a new price when the plan’s amount changed', async () => {
    await provider().createCheckout(checkout());
    const old = findPrice('closia_pro_month');
    old.unit_amount = 1900;

    await provider().createCheckout(checkout({ idempotencyKey: 'checkout-42-d' }));
    const [, moved] = fake.calls('POST /v1/prices');
    expect(moved?.params).toMatchObject({
      unit_amount: '2900',
      transfer_lookup_key: 'true',
      product: old.product,
    });
    expect(old.lookup_key).toBeNull();
    expect(findPrice('closia_pro_month').id).not.toBe(old.id);
  });

  it('asks Stripe Tax instead of the 20 % rate when automatic tax is on', async () => {
    await provider({ automaticTax: true }).createCheckout(checkout({ planId: 'equipe' }));
    const [sessionCall] = fake.calls('POST /v1/checkout/sessions');
    expect(sessionCall?.params.automatic_tax).toEqual({ enabled: 'true' });
    expect(sessionCall?.params.line_items[0].tax_rates).toBeUndefined();
    expect(fake.calls('GET /v1/tax_rates')).toHaveLength(0);
    expect(fake.calls('POST /v1/prices')[0]?.params.unit_amount).toBe('7900');
  });

  it('creates a new customer when the stored one was deleted on Stripe', async () => {
    const created = await provider().createCheckout(checkout({ customerRef: 'cus_deleted' }));
    const [customerCall] = fake.calls('POST /v1/customers');
    expect(customerCall?.params.metadata).toEqual({ userId: '42' });
    expect(customerCall?.idempotencyKey).toMatch(/^closia-customer-42-[0-9a-f]{16}-cus_deleted$/);
    const customer = [...fake.objects.values()].find((o) => o.object === 'customer');
    expect(created.customerRef).toBe(customer?.id);
    const sessions = fake.calls('POST /v1/checkout/sessions');
    expect(sessions.map((call) => call.params.customer)).toEqual(['cus_deleted', customer?.id]);
    expect(sessions[1]?.idempotencyKey).toBe(`checkout-42-a-${customer?.id}`);
  });

  it('uses an existing active 20 % French VAT rate', async () => {
    const rate = fake.put({
      id: 'txr_existing',
      object: 'tax_rate',
      active: true,
      display_name: 'TVA',
      percentage: 20,
      inclusive: false,
      country: 'FR',
    });
    await provider().createCheckout(checkout());
    expect(fake.calls('POST /v1/tax_rates')).toHaveLength(0);
    expect(fake.calls('POST /v1/checkout/sessions')[0]?.params.line_items[0].tax_rates).toEqual([rate.id]);
  });
});

describe('createPortal', () => {
  it('opens the customer portal in French with the return URL', async () => {
    const stripe = provider();
    const { customerRef } = await stripe.createCheckout(checkout());
    const portal = await stripe.createPortal(customerRef, 'https://closia.test/settings/billing');

    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
    expect(fake.calls('POST /v1/billing_portal/sessions')[0]?.params).toEqual({
      customer: customerRef,
      return_url: 'https://closia.test/settings/billing',
      locale: 'fr',
    });
  });

  it('is a 404 AppError for a customer Stripe does not know', async () => {
    const { error } = await failure(provider().createPortal('cus_nope', 'https://closia.test/settings'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, code: 'E_NOT_FOUND' });
  });
});

function findPrice(lookupKey: string): StripeJson {
  const price = [...fake.objects.values()].find((o) => o.object === 'price' && o.lookup_key === lookupKey);
  if (!price) throw new Error(`no price ${lookupKey}`);
  return price;
}

const PERIOD_START = Date.UTC(2026, 10, 1) / 1000;
const PERIOD_END = Date.UTC(2026, 11, 1) / 1000;

function priceJson(
  lookupKey: string | null,
  amount = 2900,
  interval = 'month',
  id = 'price_1Pro',
): StripeJson {
  return {
    id,
    object: 'price',
    active: true,
    currency: 'eur',
    unit_amount: amount,
    recurring: { interval, interval_count: 1 },
    lookup_key: lookupKey,
    product: 'prod_1Pro',
    tax_behavior: 'exclusive',
  };
}

/** A subscription as API 2025-03-31 and later answer it: the period on the item. */
function subscriptionJson(overrides: StripeJson = {}, price = priceJson('closia_pro_month')): StripeJson {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    created: PERIOD_START,
    metadata: { userId: '42', planId: 'pro', interval: 'month' },
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price,
          quantity: 1,
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
        },
      ],
    },
    ...overrides,
  };
}

describe('retrieveSubscription', () => {
  it('reads the plan from the price’s lookup key and the period from the item', async () => {
    fake.put(subscriptionJson());
    expect(await provider().retrieveSubscription('sub_1')).toEqual({
      ref: 'sub_1',
      customerRef: 'cus_1',
      userId: 42,
      planId: 'pro',
      interval: 'month',
      status: 'active',
      currentPeriodStart: new Date('2026-11-01T00:00:00Z'),
      currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
  });

  it('reads the period from the subscription in the layout before 2025-03-31', async () => {
    const legacy = subscriptionJson({
      current_period_start: PERIOD_START + DAY,
      current_period_end: PERIOD_END + DAY,
    });
    for (const item of legacy.items.data) {
      delete item.current_period_start;
      delete item.current_period_end;
    }
    fake.put(legacy);
    const sub = await provider().retrieveSubscription('sub_1');
    expect(sub.currentPeriodStart).toEqual(new Date('2026-11-02T00:00:00Z'));
    expect(sub.currentPeriodEnd).toEqual(new Date('2026-12-02T00:00:00Z'));
  });

  it.each([
    ['trialing', 'active'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['incomplete_expired', 'canceled'],
    ['incomplete', 'incomplete'],
    ['paused', 'incomplete'],
  ])('maps Stripe’s %s to %s', async (stripeStatus, ours) => {
    fake.put(subscriptionJson({ status: stripeStatus }));
    expect((await provider().retrieveSubscription('sub_1')).status).toBe(ours);
  });

  it('falls back on the metadata when the price has no lookup key, and reads a cancellation', async () => {
    fake.put(
      subscriptionJson(
        {
          metadata: { userId: '7', planId: 'equipe', interval: 'year' },
          cancel_at_period_end: true,
          canceled_at: PERIOD_START + 3 * DAY,
        },
        priceJson(null, 79000, 'year'),
      ),
    );
    const sub = await provider().retrieveSubscription('sub_1');
    expect(sub).toMatchObject({ userId: 7, planId: 'equipe', interval: 'year', cancelAtPeriodEnd: true });
    expect(sub.canceledAt).toEqual(new Date('2026-11-04T00:00:00Z'));
  });

  it('counts a cancellation scheduled with cancel_at as cancelling at period end', async () => {
    fake.put(subscriptionJson({ cancel_at: PERIOD_END }));
    expect((await provider().retrieveSubscription('sub_1')).cancelAtPeriodEnd).toBe(true);
  });

  it('refuses a subscription that is not a Closia plan, and a missing one', async () => {
    fake.put(subscriptionJson({ metadata: {} }, priceJson('someone_else')));
    const notOurs = await failure(provider().retrieveSubscription('sub_1'));
    expect(notOurs.error).toMatchObject({ status: 400, code: 'E_BAD_REQUEST' });
    const missing = await failure(provider().retrieveSubscription('sub_missing'));
    expect(missing.error).toMatchObject({ status: 404, code: 'E_NOT_FOUND' });
  });
});

/** A paid invoice as the pinned API answers it, payments and prices expanded in full. */
function invoiceJson(overrides: StripeJson = {}, paymentMethod?: StripeJson): StripeJson {
  return {
    id: 'in_1',
    object: 'invoice',
    customer: 'cus_1',
    status: 'paid',
    currency: 'eur',
    period_start: PERIOD_START - 30 * DAY,
    period_end: PERIOD_START,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: 'sub_1',
        metadata: { userId: '42', planId: 'pro', interval: 'month' },
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount: 2900,
          currency: 'eur',
          description: '1 × Closia Pro (au tarif de 29,00 € / mois)',
          quantity: 1,
          period: { start: PERIOD_START, end: PERIOD_END },
          parent: { type: 'subscription_item_details' },
          pricing: {
            type: 'price_details',
            price_details: { price: priceJson('closia_pro_month'), product: 'prod_1Pro' },
          },
          taxes: [{ amount: 580, tax_behavior: 'exclusive', type: 'tax_rate_details' }],
        },
      ],
    },
    subtotal: 2900,
    subtotal_excluding_tax: 2900,
    total_excluding_tax: 2900,
    total_taxes: [{ amount: 580, tax_behavior: 'exclusive', type: 'tax_rate_details' }],
    total_discount_amounts: [],
    total_pretax_credit_amounts: [],
    total: 3480,
    amount_paid: 3480,
    status_transitions: { paid_at: PERIOD_START + 60, finalized_at: PERIOD_START, voided_at: null },
    customer_name: 'Léa Martin',
    customer_email: 'lea@example.fr',
    customer_address: {
      line1: '12 rue de la Paix',
      line2: null,
      postal_code: '75002',
      city: 'Paris',
      state: null,
      country: 'FR',
    },
    customer_tax_ids: [],
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_1/test_in_1',
    payments: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'inpay_1',
          object: 'invoice_payment',
          is_default: true,
          status: 'paid',
          payment: {
            type: 'payment_intent',
            payment_intent: {
              id: 'pi_1',
              object: 'payment_intent',
              payment_method: paymentMethod ?? {
                id: 'pm_1',
                object: 'payment_method',
                type: 'card',
                card: { brand: 'visa', last4: '4242' },
              },
            },
          },
        },
      ],
    },
    ...overrides,
  };
}

/** Stores an invoice with the price of each line and the method of each payment, as Stripe holds them apart. */
function putInvoice(invoice: StripeJson): void {
  for (const line of invoice.lines.data) {
    const price = line.pricing?.price_details?.price;
    if (price && typeof price === 'object') fake.put(price);
  }
  for (const payment of invoice.payments?.data ?? []) {
    const method = payment.payment.payment_intent?.payment_method;
    if (method && typeof method === 'object') fake.put(method);
  }
  fake.put(invoice);
}

describe('retrieveInvoice', () => {
  it('maps a paid invoice to cents HT, VAT and TTC with the card’s last four', async () => {
    putInvoice(invoiceJson());
    const invoice = await provider().retrieveInvoice('in_1');

    // Within Stripe's four levels of expansion; the line's price and the card are read apart.
    expect(fake.calls('GET /v1/invoices/in_1')[0]?.params.expand).toEqual([
      'payments.data.payment.payment_intent',
      'payments.data.payment.charge',
    ]);
    expect(fake.calls('GET /v1/prices/price_1Pro')).toHaveLength(1);
    expect(fake.calls('GET /v1/payment_methods/pm_1')).toHaveLength(1);
    expect(invoice).toEqual({
      ref: 'in_1',
      customerRef: 'cus_1',
      subscriptionRef: 'sub_1',
      status: 'paid',
      planId: 'pro',
      interval: 'month',
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2026-12-01T00:00:00Z'),
      lines: [
        {
          description: '1 × Closia Pro (au tarif de 29,00 € / mois)',
          quantity: 1,
          unitAmountHt: 2900,
          amountHt: 2900,
        },
      ],
      amountHt: 2900,
      vatAmount: 580,
      amountTtc: 3480,
      currency: 'EUR',
      paidAt: new Date('2026-11-01T00:01:00Z'),
      paymentMethod: 'Carte bancaire •••• 4242',
      buyer: {
        name: 'Léa Martin',
        address: '12 rue de la Paix, 75002 Paris, France',
        company: null,
        vatNumber: null,
        email: 'lea@example.fr',
      },
      hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_in_1',
    });
  });

  it('names a company with its VAT number, and a SEPA debit', async () => {
    putInvoice(
      invoiceJson(
        {
          customer_name: 'Closers & Co SAS',
          customer_tax_ids: [{ type: 'eu_vat', value: 'FR40303265045' }],
          customer_address: {
            line1: '3 place Bellecour',
            line2: 'Bâtiment B',
            postal_code: '69002',
            city: 'Lyon',
            state: null,
            country: 'FR',
          },
        },
        { id: 'pm_2', object: 'payment_method', type: 'sepa_debit', sepa_debit: { last4: '3000' } },
      ),
    );
    const invoice = await provider().retrieveInvoice('in_1');
    expect(invoice.buyer).toEqual({
      name: 'Closers & Co SAS',
      address: '3 place Bellecour, Bâtiment B, 69002 Lyon, France',
      company: 'Closers & Co SAS',
      vatNumber: 'FR40303265045',
      email: 'lea@example.fr',
    });
    expect(invoice.paymentMethod).toBe('Prélèvement SEPA');
  });

  it('reads the card from the charge when the payment is one, and shows a promotion code as a discount line', async () => {
    const base = invoiceJson({
      total_discount_amounts: [{ amount: 500, discount: 'di_1' }],
      total_pretax_credit_amounts: [{ amount: 500, type: 'discount', discount: 'di_1' }],
      total_excluding_tax: 2400,
      total_taxes: [{ amount: 480, tax_behavior: 'exclusive', type: 'tax_rate_details' }],
      total: 2880,
    });
    base.payments.data[0].payment = {
      type: 'charge',
      charge: {
        id: 'ch_1',
        object: 'charge',
        payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
      },
    };
    putInvoice(base);
    const invoice = await provider().retrieveInvoice('in_1');
    expect(invoice.lines).toEqual([
      {
        description: '1 × Closia Pro (au tarif de 29,00 € / mois)',
        quantity: 1,
        unitAmountHt: 2900,
        amountHt: 2900,
      },
      { description: 'Remise', quantity: 1, unitAmountHt: -500, amountHt: -500 },
    ]);
    expect(invoice.lines.reduce((sum, line) => sum + line.amountHt, 0)).toBe(invoice.amountHt);
    expect(invoice).toMatchObject({ amountHt: 2400, vatAmount: 480, amountTtc: 2880 });
    expect(invoice.paymentMethod).toBe('Carte bancaire •••• 4444');
  });

  it('reads an open invoice of a yearly plan by its metadata when the price has no lookup key', async () => {
    const open = invoiceJson({
      status: 'open',
      status_transitions: { paid_at: null },
      payments: { object: 'list', has_more: false, data: [] },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_9', metadata: { planId: 'equipe', interval: 'year' } },
      },
    });
    open.lines.data[0].pricing.price_details.price = priceJson(null, 79000, 'year');
    putInvoice(open);
    const invoice = await provider().retrieveInvoice('in_1');
    expect(invoice).toMatchObject({
      status: 'open',
      planId: 'equipe',
      interval: 'year',
      subscriptionRef: 'sub_9',
      paidAt: null,
      paymentMethod: 'Paiement en ligne',
    });
  });
});

describe('retrieveInvoice with a payment method since deleted', () => {
  it('names the method from the payment intent’s type', async () => {
    const invoice = invoiceJson();
    invoice.payments.data[0].payment.payment_intent = {
      id: 'pi_1',
      object: 'payment_intent',
      payment_method: 'pm_deleted',
      payment_method_types: ['card'],
    };
    putInvoice(invoice);
    expect((await provider().retrieveInvoice('in_1')).paymentMethod).toBe('Carte bancaire');
  });
});

describe('retrieveInvoice after a plan change', () => {
  it('takes the plan billed, not the one credited, and reads each price once', async () => {
    const change = invoiceJson({
      total_excluding_tax: 2500,
      total_taxes: [{ amount: 500, tax_behavior: 'exclusive', type: 'tax_rate_details' }],
      total: 3000,
    });
    const [proLine] = change.lines.data;
    change.lines.data = [
      { ...proLine, id: 'il_unused', amount: -1450, description: 'Temps non utilisé sur Closia Pro' },
      {
        ...proLine,
        id: 'il_remaining',
        amount: 3950,
        description: 'Temps restant sur Closia Équipe',
        pricing: {
          type: 'price_details',
          price_details: {
            price: priceJson('closia_equipe_month', 7900, 'month', 'price_1Equipe'),
            product: 'p',
          },
        },
      },
    ];
    putInvoice(change);
    const stripe = provider();
    const invoice = await stripe.retrieveInvoice('in_1');
    expect(invoice.planId).toBe('equipe');
    expect(invoice.lines.map((line) => line.amountHt)).toEqual([-1450, 3950]);
    expect(invoice).toMatchObject({ amountHt: 2500, vatAmount: 500, amountTtc: 3000 });

    await stripe.retrieveInvoice('in_1');
    expect(fake.calls('GET /v1/prices/price_1Equipe')).toHaveLength(1);
  });

  it('knows the prices it created without asking Stripe again', async () => {
    const stripe = provider();
    await stripe.createCheckout(checkout());
    const ours = findPrice('closia_pro_month');
    const invoice = invoiceJson();
    invoice.lines.data[0].pricing.price_details.price = ours.id;
    putInvoice(invoice);
    expect((await stripe.retrieveInvoice('in_1')).planId).toBe('pro');
    expect(fake.calls(`GET /v1/prices/${ours.id}`)).toHaveLength(0);
  });
});

describe('the fake Stripe API', () => {
  it('refuses more than four levels of expansion, as Stripe does', async () => {
    putInvoice(invoiceJson());
    await expect(
      provider().stripe.invoices.retrieve('in_1', { expand: ['lines.data.pricing.price_details.price'] }),
    ).rejects.toThrow('You cannot expand more than 4 levels of a property');
  });
});

describe('frenchAddressLine', () => {
  it('writes a foreign address with its country in French, and nothing for none', () => {
    expect(
      frenchAddressLine({
        line1: 'Rue Neuve 1',
        line2: null,
        postal_code: '1000',
        city: 'Bruxelles',
        state: null,
        country: 'BE',
      }),
    ).toBe('Rue Neuve 1, 1000 Bruxelles, Belgique');
    expect(frenchAddressLine(null)).toBeNull();
  });
});

describe('verifyWebhook', () => {
  const event = {
    id: 'evt_1',
    object: 'event',
    type: 'customer.subscription.updated',
    created: 1_790_000_000,
    api_version: '2026-10-28.endive',
    data: { object: { id: 'sub_1', object: 'subscription', status: 'active' } },
  };
  const payload = JSON.stringify(event);

  function sign(body: string, options: { secret?: string; timestamp?: number } = {}): string {
    return provider().stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
  }

  async function rejected(body: string, signature: string | undefined): Promise<AppError> {
    try {
      await provider().verifyWebhook(Buffer.from(body), signature);
    } catch (error) {
      return error as AppError;
    }
    throw new Error('expected the signature to be refused');
  }

  it('accepts a body signed with the endpoint’s secret and returns the event', async () => {
    expect(await provider().verifyWebhook(Buffer.from(payload), sign(payload))).toEqual({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      created: 1_790_000_000,
      data: { object: { id: 'sub_1', object: 'subscription', status: 'active' } },
    });
  });

  it('accepts a signature 4 minutes 59 old', async () => {
    const timestamp = Math.floor(Date.now() / 1000) - 299;
    expect((await provider().verifyWebhook(Buffer.from(payload), sign(payload, { timestamp }))).id).toBe(
      'evt_1',
    );
  });

  it.each([
    ['no signature', () => [payload, undefined] as const],
    ['another secret', () => [payload, sign(payload, { secret: 'whsec_other' })] as const],
    ['a tampered body', () => [payload.replace('"active"', '"canceled"'), sign(payload)] as const],
    ['a re-serialised body', () => [JSON.stringify(event, null, 2), sign(payload)] as const],
    [
      'a signature older than 5 minutes',
      () => [payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })] as const,
    ],
    ['a garbage header', () => [payload, 't=abc,v1=def'] as const],
    ['a signed body that is not JSON', () => ['not json', sign('not json')] as const],
  ])('refuses %s with a 400', async (_, make) => {
    const [body, signature] = make();
    const error = await rejected(body, signature);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, code: 'E_BAD_REQUEST', message: 'Invalid webhook signature' });
  });
});

describe('Stripe failing', () => {
  it('is a 503 within 2 s when Stripe cannot be reached', async () => {
    const stripe = provider();
    await fake.close();
    const { error, ms } = await failure(stripe.createCheckout(checkout()));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: 'E_SERVICE_UNAVAILABLE' });
    expect(ms).toBeLessThan(2000);
    fake = await FakeStripe.start(); // for afterEach
  });

  it('is a 503 within 2 s when Stripe answers 500 slowly, after one retry', async () => {
    fake.failWith({ status: 500, delayMs: 400 });
    const { error, ms } = await failure(provider().retrieveSubscription('sub_1'));
    expect(error).toMatchObject({ status: 503, code: 'E_SERVICE_UNAVAILABLE' });
    expect(ms).toBeLessThan(2000);
    expect(fake.calls('GET /v1/subscriptions/sub_1')).toHaveLength(2);
  });

  it('is a 503 within 2 s when Stripe never answers', async () => {
    fake.failWith({ status: 500, delayMs: Number.POSITIVE_INFINITY });
    const { error, ms } = await failure(provider().createCheckout(checkout()));
    expect(error).toMatchObject({ status: 503, code: 'E_SERVICE_UNAVAILABLE' });
    expect(ms).toBeLessThan(2000);
  });

  it('recovers once Stripe answers again (a failed look-up is not remembered)', async () => {
    const stripe = provider();
    fake.failWith({ status: 503, times: 2 });
    await failure(stripe.createCheckout(checkout()));
    const created = await stripe.createCheckout(checkout());
    expect(created.id).toMatch(/^cs_test_/);
  });

  it.each([
    [
      'a declined card',
      { status: 402, error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } },
      { status: 402, code: 'E_PAYMENT_DECLINED', reason: 'CARD_DECLINED' },
    ],
    [
      'insufficient funds',
      {
        status: 402,
        error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
      },
      { status: 402, code: 'E_PAYMENT_DECLINED', reason: 'INSUFFICIENT_FUNDS' },
    ],
    [
      'an invalid request',
      {
        status: 400,
        error: { type: 'invalid_request_error', code: 'parameter_invalid_empty', param: 'customer' },
      },
      {
        status: 400,
        code: 'E_BAD_REQUEST',
        message: 'The payment provider refused the request (parameter_invalid_empty)',
      },
    ],
    [
      'a key reused with other parameters',
      { status: 400, error: { type: 'idempotency_error', message: 'Keys for idempotent requests…' } },
      { status: 409, code: 'E_CONFLICT' },
    ],
    [
      'a revoked API key',
      { status: 401, error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      { status: 503, code: 'E_SERVICE_UNAVAILABLE' },
    ],
    [
      'rate limiting',
      { status: 429, error: { type: 'invalid_request_error', code: 'rate_limit' } },
      { status: 503, code: 'E_SERVICE_UNAVAILABLE' },
    ],
  ])('turns %s into the API’s envelope', async (_, answer, expected) => {
    fake.failWith({ ...answer, times: 1 });
    const { error } = await failure(provider().createPortal('cus_1', 'https://closia.test/settings'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject(expected);
  });
});
