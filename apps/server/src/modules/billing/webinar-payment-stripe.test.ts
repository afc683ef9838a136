/**
 * A paid webinar seat on the Stripe provider, against the local fake of Stripe's API: the
 * checkout session Stripe is asked for (payment mode, the price VAT included, the seat's metadata,
 * one idempotency key per user, webinar, amount and consent), then a signed
 * `checkout.session.completed` through the webhook endpoint registers the payer, once.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { notifications, webinarPayments, webinarRegistrations } from '../../db/schema';
import { FakeStripe } from '../../test/fake-stripe';
import { createTestApp, signedInClient, type TestContext } from '../../test/helpers';
import { givePlan } from '../../test/plans';

const WEBHOOK_SECRET = 'whsec_test_closia_webinars';

let fake: FakeStripe;
let ctx: TestContext;
beforeAll(async () => {
  fake = await FakeStripe.start();
  // `apiBase` is the provider's test option: the app hands `config.stripe` to it as it is.
  const stripe = {
    secretKey: 'sk_test_closia',
    webhookSecret: WEBHOOK_SECRET,
    automaticTax: false,
    apiBase: fake.apiBase,
  } as Config['stripe'];
  ctx = await createTestApp({ stripe });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const signer = new Stripe('sk_test_closia');

async function deliver(object: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const body = JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    api_version: '2026-10-28.endive',
    livemode: false,
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { outcome: string };
}

describe('a paid webinar seat on Stripe', () => {
  it('opens a payment-mode session with the price TTC and the metadata; a signed completion registers once', async () => {
    const host = await signedInClient(ctx.app, { kind: 'infopreneur' });
    await givePlan(ctx.app.db, host.user.id, 'pro');
    const res = await host.client.post('/api/v1/webinars', {
      title: 'Closer en une heure',
      startTime: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      durationMinutes: 60,
      description: 'Une heure pour apprendre les techniques de closing éthique, avec des exemples concrets.',
      platform: 'zoom',
      platformUrl: 'https://zoom.us/j/987654321',
      language: 'fr',
      price: 19.99,
    });
    expect(res.statusCode, res.body).toBe(201);
    const webinar = res.json() as { id: number; title: string };

    const { client, user } = await signedInClient(ctx.app, { kind: 'closer' });
    const opened = await client.post(`/api/v1/webinars/${webinar.id}/checkout`, { consentToContact: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const { url, sessionId } = opened.json();
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);

    const [call, ...more] = fake.calls('POST /v1/checkout/sessions');
    expect(more).toHaveLength(0);
    expect(call?.params).toMatchObject({
      mode: 'payment',
      customer_email: user.email,
      client_reference_id: String(user.id),
      locale: 'fr',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '1999',
            tax_behavior: 'inclusive',
            product_data: { name: `Place pour le webinaire « ${webinar.title} »` },
          },
        },
      ],
      metadata: {
        kind: 'webinar',
        webinarId: String(webinar.id),
        userId: String(user.id),
        consentToContact: 'true',
      },
      payment_intent_data: { metadata: { kind: 'webinar' } },
      success_url: `${ctx.app.config.appUrl}/app/our-webinars/${webinar.id}?paiement=ok`,
      cancel_url: `${ctx.app.config.appUrl}/app/our-webinars/${webinar.id}`,
    });
    expect(call?.idempotencyKey).toBe(`closia-webinar-${webinar.id}-${user.id}-1999-1`);
    const [record] = await ctx.app.db.select().from(webinarPayments).where(eq(webinarPayments.id, sessionId));
    expect(record).toMatchObject({
      provider: 'stripe',
      status: 'open',
      amountTtc: 1999,
      amountHt: 1666,
      vatAmount: 333,
    });

    // A double click: the same key, the same session.
    const again = await client.post(`/api/v1/webinars/${webinar.id}/checkout`, { consentToContact: true });
    expect(again.json().sessionId).toBe(sessionId);

    const session: Record<string, unknown> = {
      ...fake.objects.get(sessionId),
      payment_status: 'paid',
      status: 'complete',
      payment_intent: 'pi_test_1',
    };
    expect(session.mode).toBe('payment');
    expect((await deliver(session, 'evt_webinar_1')).outcome).toBe('handled');
    expect((await deliver(session, 'evt_webinar_1')).outcome).toBe('duplicate');
    await deliver(session, 'evt_webinar_2');

    const registrations = await ctx.app.db
      .select()
      .from(webinarRegistrations)
      .where(eq(webinarRegistrations.webinarId, webinar.id));
    expect(registrations).toHaveLength(1);
    expect(registrations[0]).toMatchObject({ userId: user.id, consentToContact: true });
    expect(registrations[0]!.prospectId).not.toBeNull();
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'webinar_registered')));
    expect(told).toHaveLength(1);
    const [paid] = await ctx.app.db.select().from(webinarPayments).where(eq(webinarPayments.id, sessionId));
    expect(paid).toMatchObject({ status: 'paid', paymentRef: 'pi_test_1' });

    // A session that is not ours (another product on the account) is ignored, not registered.
    await deliver({ ...session, id: 'cs_test_elsewhere' });
    expect(
      await ctx.app.db
        .select()
        .from(webinarRegistrations)
        .where(eq(webinarRegistrations.webinarId, webinar.id)),
    ).toHaveLength(1);
  });
});
