import { planPrice, sandboxTestCards } from '@closia/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingCustomers, billingEvents, invoices, subscriptions } from '../../db/schema';
import { setClock } from '../../lib/clock';
import { createTestApp, lastMailTo, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { embeddedFacturX, pdfText, plainSpaces } from '../../test/pdf-reader';
import { sendDunningMails } from './dunning.service';
import { prorationLines } from './sandbox.service';
import { sandboxStore, sandboxWebhookSecret } from './sandbox-provider';

let ctx: TestContext;
const DAY = 86_400_000;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const stripe = new Stripe('sk_test_unused');
const secret = () => sandboxWebhookSecret(ctx.app.config.appKey);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());
afterEach(() => setClock(null));

async function subscriber(planId: 'pro' | 'equipe' = 'pro', interval: 'month' | 'year' = 'month') {
  const signed = await signedInClient(ctx.app, { kind: 'infopreneur' });
  const checkout = await signed.client.post('/api/v1/billing/checkout', { planId, interval });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { sessionId, url } = checkout.json();
  const paid = await signed.client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, {
    ...card,
    billingName: 'Inès Formatrice',
    billingAddress: '3 place Bellecour, 69002 Lyon',
    company: 'Formations <Inès> & Cie',
    vatNumber: 'FR40123456789',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { ...signed, sessionId, url };
}

const billingOf = async (client: TestClient) => (await client.get('/api/v1/billing')).json();

/** A webhook call signed with `key` (the sandbox's secret unless told). */
function webhook(event: object, key = secret(), timestamp?: number) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: key,
    ...(timestamp ? { timestamp } : {}),
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

describe('plans', () => {
  it('lists the three plans with prices HT, VAT 20 % and TTC, a year billed as ten months', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json().data as {
      id: string;
      prices: Record<string, { ht: number; vat: number; ttc: number }>;
    }[];
    expect(plans.map((plan) => plan.id)).toEqual(['gratuit', 'pro', 'equipe']);
    const pro = plans[1]!;
    expect(pro.prices.month).toEqual({ ht: 2900, vat: 580, ttc: 3480 });
    expect(pro.prices.year).toEqual({ ht: 29000, vat: 5800, ttc: 34800 });
  });
});

describe('checkout through the sandbox', () => {
  it('starts on Gratuit, with usage against each limit', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'closer' });
    const billing = await billingOf(client);
    expect(billing).toMatchObject({
      planId: 'gratuit',
      status: null,
      provider: 'sandbox',
      subscribedPlanId: null,
    });
    expect(billing.usage).toContainEqual({ limit: 'prospects', current: 0, max: 100 });
    expect(billing.usage).toContainEqual({ limit: 'publishedMissions', current: 0, max: 1 });
  });

  it('opens the sandbox page, reuses it on a double click, and refuses visitors', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const first = (await client.post('/api/v1/billing/checkout', { planId: 'pro', interval: 'year' })).json();
    expect(first.url).toBe(`${ctx.app.config.appUrl}/payment/checkout/${first.sessionId}`);
    const second = (
      await client.post('/api/v1/billing/checkout', { planId: 'pro', interval: 'year' })
    ).json();
    expect(second.sessionId).toBe(first.sessionId);
    const session = (await client.get(`/api/v1/billing/sandbox/sessions/${first.sessionId}`)).json();
    expect(session).toMatchObject({
      planId: 'pro',
      interval: 'year',
      status: 'open',
      amount: planPrice('pro', 'year'),
    });

    expect(
      (await new TestClient(ctx.app).post('/api/v1/billing/checkout', { planId: 'pro', interval: 'year' }))
        .statusCode,
    ).toBe(401);
    const bad = await client.post('/api/v1/billing/checkout', { planId: 'platine', interval: 'week' });
    expect(bad.statusCode).toBe(422);
    // Someone else's session is not found.
    const other = await signedInClient(ctx.app);
    expect((await other.client.get(`/api/v1/billing/sandbox/sessions/${first.sessionId}`)).statusCode).toBe(
      404,
    );
    expect(
      (await other.client.post(`/api/v1/billing/sandbox/sessions/${first.sessionId}/pay`, card)).statusCode,
    ).toBe(404);
  });

  it('activates the plan only through the webhook, and issues the first invoice', async () => {
    const { client, user, sessionId } = await subscriber('pro', 'month');
    const billing = await billingOf(client);
    expect(billing).toMatchObject({
      planId: 'pro',
      subscribedPlanId: 'pro',
      interval: 'month',
      status: 'active',
    });
    expect(billing.usage).toContainEqual({ limit: 'prospects', current: 0, max: null });
    const session = (await client.get(`/api/v1/billing/sandbox/sessions/${sessionId}`)).json();
    expect(session.status).toBe('complete');

    const list = (await client.get('/api/v1/billing/invoices')).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      planId: 'pro',
      amountHt: 2900,
      vatAmount: 580,
      amountTtc: 3480,
      currency: 'EUR',
    });
    expect(list.data[0].number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(list.data[0].paymentMethod).toContain('4242');
    const [row] = await ctx.app.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(row!.buyer).toMatchObject({
      name: 'Inès Formatrice',
      company: 'Formations <Inès> & Cie',
      vatNumber: 'FR40123456789',
    });

    // Paying the same session again is refused, nothing changes.
    const again = await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('CHECKOUT_CLOSED');
    expect((await client.get('/api/v1/billing/invoices')).json().meta.total).toBe(1);
    // A subscriber changes plan in the portal, not through a second checkout.
    const second = await client.post('/api/v1/billing/checkout', { planId: 'equipe', interval: 'month' });
    expect(second.json().reason).toBe('ALREADY_SUBSCRIBED');
    const mail = await lastMailTo(ctx.app, user.email);
    expect(mail?.subject).toBe('Votre abonnement Pro est actif');

    // The invoice as a Factur-X PDF, for its owner only.
    const pdf = await client.get(list.data[0].pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`facture-${list.data[0].number}.pdf`);
    const bytes = new Uint8Array(pdf.rawPayload);
    const text = plainSpaces(await pdfText(bytes));
    expect(text).toContain(list.data[0].number);
    expect(text).toContain('34,80 €');
    expect(text).toContain('Inès Formatrice');
    expect(text).toContain(ctx.app.config.seller.siret);
    const xml = await embeddedFacturX(bytes);
    expect(xml).toContain('<ram:GrandTotalAmount>34.80</ram:GrandTotalAmount>');
    const stranger = await signedInClient(ctx.app);
    expect((await stranger.client.get(list.data[0].pdfUrl)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(list.data[0].pdfUrl)).statusCode).toBe(401);
    expect((await client.get('/api/v1/billing/invoices/0.pdf')).statusCode).toBe(422);
  });

  it.each([
    [sandboxTestCards.declined, 402, 'CARD_DECLINED'],
    [sandboxTestCards.insufficientFunds, 402, 'INSUFFICIENT_FUNDS'],
  ])('refuses card %s with its reason, and nothing changes', async (number, status, reason) => {
    const { client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const { sessionId } = (
      await client.post('/api/v1/billing/checkout', { planId: 'pro', interval: 'month' })
    ).json();
    const refused = await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, {
      ...card,
      cardNumber: number,
    });
    expect(refused.statusCode).toBe(status);
    expect(refused.json()).toMatchObject({ code: 'E_PAYMENT_DECLINED', reason });
    expect((await billingOf(client)).planId).toBe('gratuit');
    // The session stays payable with a good card.
    expect((await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card)).statusCode).toBe(
      200,
    );
    expect((await billingOf(client)).planId).toBe('pro');
  });

  it('refuses an expired card, a card that is not a test card and malformed fields with 422', async () => {
    const { client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const { sessionId } = (
      await client.post('/api/v1/billing/checkout', { planId: 'pro', interval: 'month' })
    ).json();
    const pay = (body: object) => client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, body);
    expect((await pay({ ...card, expiry: '01/20' })).json().errors[0]).toMatchObject({
      field: 'expiry',
      rule: 'cardExpired',
    });
    expect((await pay({ ...card, cardNumber: '5555 5555 5555 4444' })).json().errors[0]).toMatchObject({
      field: 'cardNumber',
      rule: 'testCard',
    });
    expect((await pay({ ...card, cvc: 'abc' })).statusCode).toBe(422);
    expect((await pay({ ...card, expiry: '13/30' })).statusCode).toBe(422);
    expect((await billingOf(client)).planId).toBe('gratuit');
  });
});

describe('the webhook', () => {
  it('refuses a missing, wrong or stale signature with 400 and changes nothing', async () => {
    const event = {
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: 1,
      data: { object: { id: 'sub_x', object: 'subscription' } },
    };
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/v1/billing/webhook', payload: event });
    expect(unsigned.statusCode).toBe(400);
    expect((await webhook(event, 'whsec_not_the_secret')).statusCode).toBe(400);
    expect((await webhook(event, secret(), Math.floor(Date.now() / 1000) - 301)).statusCode).toBe(400);
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhook',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      payload: '\u0000not json',
    });
    expect(garbage.statusCode).toBe(400);
    expect(await ctx.app.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged'))).toEqual(
      [],
    );
  });

  it('ignores a replayed event and tolerates events out of order (it reads the current state)', async () => {
    const { client, user } = await subscriber('pro', 'month');
    const [sub] = await ctx.app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // An old "created" snapshot that says past_due arrives late: the state read back wins.
    const late = {
      id: 'evt_late_created',
      object: 'event',
      type: 'customer.subscription.created',
      created: 1,
      data: { object: { id: sub!.providerRef, object: 'subscription', status: 'past_due' } },
    };
    const first = await webhook(late);
    expect(first.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await billingOf(client)).status).toBe('active');
    const replay = await webhook(late);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(
      (await ctx.app.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_late_created'))).length,
    ).toBe(1);
  });
});

describe('SEPA: a completed checkout is not yet paid', () => {
  it('waits for checkout.session.async_payment_succeeded before activating the plan', async () => {
    const { user, client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const customer = `cus_sbx_sepa_${user.id}`;
    const sub = `sub_sbx_sepa_${user.id}`;
    const start = Math.floor(Date.now() / 1000);
    await ctx.app.db
      .insert(billingCustomers)
      .values({ userId: user.id, provider: 'sandbox', customerRef: customer });
    await sandboxStore.put(ctx.app.db, {
      id: customer,
      object: 'customer',
      email: user.email,
      name: 'Client SEPA',
      address: null,
      company: null,
      vat_number: null,
      credit: 0,
      card: null,
      metadata: { userId: String(user.id) },
    });
    await sandboxStore.put(ctx.app.db, {
      id: sub,
      object: 'subscription',
      customer,
      status: 'active',
      current_period_start: start,
      current_period_end: start + 30 * 86_400,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      metadata: { userId: String(user.id), planId: 'pro', interval: 'month' },
    });
    const session = { id: `cs_sbx_sepa_${user.id}`, object: 'checkout.session', customer, subscription: sub };
    const completed = await webhook({
      id: `evt_sepa_completed_${user.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: start,
      data: { object: { ...session, payment_status: 'unpaid' } },
    });
    expect(completed.statusCode).toBe(200);
    expect((await billingOf(client)).planId).toBe('gratuit');
    const succeeded = await webhook({
      id: `evt_sepa_succeeded_${user.id}`,
      object: 'event',
      type: 'checkout.session.async_payment_succeeded',
      created: start + 60,
      data: { object: { ...session, payment_status: 'paid' } },
    });
    expect(succeeded.json().outcome).toBe('handled');
    expect((await billingOf(client)).planId).toBe('pro');
  });

  it('answers 200 and stores an event about an object that is not Closia’s', async () => {
    const response = await webhook({
      id: 'evt_foreign_subscription',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_of_another_product', object: 'subscription' } },
    });
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(
      (
        await webhook({
          id: 'evt_foreign_subscription',
          object: 'event',
          type: 'customer.subscription.updated',
          created: 1,
          data: { object: { id: 'sub_of_another_product', object: 'subscription' } },
        })
      ).json().outcome,
    ).toBe('duplicate');
  });
});

describe('portal, renewals and failed payments', () => {
  it('prorates an upgrade to the cent, as Stripe does', () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const end = new Date('2026-04-01T00:00:00Z');
    const at = new Date(start.getTime() + 10 * DAY); // 21 of 31 days left
    const lines = prorationLines(
      { planId: 'pro', interval: 'month' },
      { planId: 'equipe', interval: 'month' },
      { start, end },
      at,
    );
    expect(lines.map((line) => line.amountHt)).toEqual([
      -Math.round((2900 * 21) / 31),
      Math.round((7900 * 21) / 31),
    ]);
    expect(lines.map((line) => line.amountHt)).toEqual([-1965, 5352]);
  });

  it('upgrades through the portal with a prorated invoice, cancels at period end and resumes', async () => {
    const { client } = await subscriber('pro', 'month');
    const portal = await client.post('/api/v1/billing/portal');
    expect(portal.json().url).toBe(`${ctx.app.config.appUrl}/payment/portal`);

    const upgraded = await client.post('/api/v1/billing/sandbox/portal', {
      action: 'change',
      planId: 'equipe',
      interval: 'month',
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({ planId: 'equipe', status: 'active' });
    const list = (await client.get('/api/v1/billing/invoices')).json();
    expect(list.meta.total).toBe(2);
    // Just after the start of the period: nearly the whole difference, HT.
    expect(list.data[0].amountHt).toBeGreaterThan(4990);
    expect(list.data[0].amountHt).toBeLessThanOrEqual(5000);
    expect(list.data[0].vatAmount).toBe(Math.round(list.data[0].amountHt * 0.2));

    const canceled = (await client.post('/api/v1/billing/sandbox/portal', { action: 'cancel' })).json();
    expect(canceled).toMatchObject({ planId: 'equipe', cancelAtPeriodEnd: true });
    const resumed = (await client.post('/api/v1/billing/sandbox/portal', { action: 'resume' })).json();
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    const same = await client.post('/api/v1/billing/sandbox/portal', {
      action: 'change',
      planId: 'equipe',
      interval: 'month',
    });
    expect(same.statusCode).toBe(409);
  });

  it('a downgrade credits the difference on the next invoice', async () => {
    const { client } = await subscriber('equipe', 'month');
    await client.post('/api/v1/billing/sandbox/portal', {
      action: 'change',
      planId: 'pro',
      interval: 'month',
    });
    expect((await client.get('/api/v1/billing/invoices')).json().meta.total).toBe(1);
    const renewed = (await client.post('/api/v1/billing/sandbox/advance', { outcome: 'paid' })).json();
    expect(renewed.planId).toBe('pro');
    const list = (await client.get('/api/v1/billing/invoices')).json();
    expect(list.meta.total).toBe(1); // the credit (≈ 50 € HT) covers the next month of Pro (29 € HT)
  });

  it('a failed renewal keeps the plan for 7 days with a mail, then falls back to Gratuit; a payment restores it', async () => {
    const { client, user } = await subscriber('pro', 'month');
    const failed = (await client.post('/api/v1/billing/sandbox/advance', { outcome: 'failed' })).json();
    expect(failed).toMatchObject({ planId: 'pro', status: 'past_due' });
    expect(failed.graceEndsAt).not.toBeNull();
    // The app's banner reads it with the signed-in user (the session cache forgot the old answer).
    expect((await client.get('/api/v1/user')).json().paymentPastDueUntil).toBe(failed.graceEndsAt);
    const mail = await lastMailTo(ctx.app, user.email);
    expect(mail?.subject).toBe('Échec du paiement de votre abonnement Closia');

    const graceEnd = new Date(failed.graceEndsAt).getTime();
    const dunning = () => ctx.app.withWork((work) => sendDunningMails(ctx.app.db, work));
    /** Runs the sweep, then answers the subject of the user's latest mail. */
    const mine = async () => {
      await dunning();
      return (await lastMailTo(ctx.app, user.email))?.subject;
    };
    setClock(() => new Date(graceEnd - 3 * DAY));
    expect(await mine()).toBe('Échec du paiement de votre abonnement Closia'); // nothing new yet
    setClock(() => new Date(graceEnd - DAY));
    expect(await mine()).toBe('Plus que deux jours pour garder l’offre Pro');
    setClock(() => new Date(graceEnd - 60_000));
    expect((await billingOf(client)).planId).toBe('pro');
    setClock(() => new Date(graceEnd + 60_000));
    expect((await billingOf(client)).planId).toBe('gratuit');
    expect(await mine()).toBe('Votre compte est repassé à l’offre Gratuit');
    // Each mail goes once, however often the sweep runs.
    expect(await dunning()).toBe(0);
    // Another failure does not restart the grace period.
    setClock(null);
    const paid = (await client.post('/api/v1/billing/sandbox/advance', { outcome: 'paid' })).json();
    expect(paid).toMatchObject({ planId: 'pro', status: 'active', graceEndsAt: null });
    expect((await client.get('/api/v1/user')).json().paymentPastDueUntil).toBeNull();
  });

  it('a cancellation ends the subscription at the period end, back to Gratuit', async () => {
    const { client, user } = await subscriber('pro', 'year');
    await client.post('/api/v1/billing/sandbox/portal', { action: 'cancel' });
    const ended = (await client.post('/api/v1/billing/sandbox/advance', { outcome: 'paid' })).json();
    expect(ended).toMatchObject({ planId: 'gratuit', status: 'canceled', subscribedPlanId: null });
    expect((await lastMailTo(ctx.app, user.email))?.subject).toBe('Votre abonnement Pro est terminé');
    // They may subscribe again.
    expect(
      (await client.post('/api/v1/billing/checkout', { planId: 'pro', interval: 'month' })).statusCode,
    ).toBe(200);
  });

  it('numbers concurrent invoices consecutively, without gap or duplicate', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const signed = await signedInClient(ctx.app, { kind: 'infopreneur' });
        const { sessionId } = (
          await signed.client.post('/api/v1/billing/checkout', { planId: 'pro', interval: 'month' })
        ).json();
        return { ...signed, sessionId };
      }),
    );
    const before = await ctx.app.db.select({ number: invoices.number }).from(invoices);
    await Promise.all(
      buyers.map(({ client, sessionId }) =>
        client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card),
      ),
    );
    const after = await ctx.app.db.select({ number: invoices.number }).from(invoices);
    const seq = (n: string) => Number(n.slice(-6));
    const fresh = after
      .map((row) => row.number)
      .filter((n) => !before.some((row) => row.number === n))
      .map(seq)
      .sort((a, b) => a - b);
    expect(fresh).toHaveLength(20);
    const all = after.map((row) => seq(row.number)).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('sandbox actions need a subscription; nobody reaches another user’s invoices', async () => {
    const { client } = await signedInClient(ctx.app);
    expect((await client.post('/api/v1/billing/portal')).json().reason).toBe('NO_SUBSCRIPTION');
    expect((await client.post('/api/v1/billing/sandbox/portal', { action: 'cancel' })).json().reason).toBe(
      'NO_SUBSCRIPTION',
    );
    expect((await client.post('/api/v1/billing/sandbox/advance', { outcome: 'paid' })).statusCode).toBe(409);
    expect((await client.get('/api/v1/billing/invoices')).json().meta.total).toBe(0);
    expect((await new TestClient(ctx.app).get('/api/v1/billing')).statusCode).toBe(401);
  });
});

describe('billing for admins', () => {
  it('sums the MRR, counts subscriptions by plan, and grants a plan by hand with an audit entry', async () => {
    const admin = await signedInClient(ctx.app, { admin: true });
    const before = (await admin.client.get('/api/v1/admin/billing/summary')).json();
    await subscriber('pro', 'month');
    await subscriber('equipe', 'year');
    const after = (await admin.client.get('/api/v1/admin/billing/summary')).json();
    expect(after.mrrCents - before.mrrCents).toBe(2900 + Math.round((7900 * 10) / 12));
    expect(after.activeByPlan.equipe - before.activeByPlan.equipe).toBe(1);

    const list = (
      await admin.client.get('/api/v1/admin/billing/subscriptions?plan=equipe&status=active')
    ).json();
    expect(list.data.every((row: { planId: string }) => row.planId === 'equipe')).toBe(true);
    expect(list.meta.total).toBeGreaterThanOrEqual(1);

    const { user, client } = await signedInClient(ctx.app, { kind: 'closer' });
    const until = new Date(Date.now() + 30 * DAY).toISOString();
    const granted = await admin.client.post('/api/v1/admin/billing/grants', {
      userId: user.id,
      planId: 'pro',
      until,
      reason: 'Partenaire de lancement',
    });
    expect(granted.statusCode, granted.body).toBe(204);
    expect(await billingOf(client)).toMatchObject({ planId: 'pro', granted: true });
    const [entry] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({
      action: 'billing.grant',
      actorId: admin.user.id,
      reason: 'Partenaire de lancement',
    });
    // The grant ends at its date.
    setClock(() => new Date(Date.parse(until) + 1000));
    expect((await billingOf(client)).planId).toBe('gratuit');
    setClock(null);
    // Not over a paying subscription; not in the past; admins only.
    const paying = await subscriber('pro', 'month');
    const refused = await admin.client.post('/api/v1/admin/billing/grants', {
      userId: paying.user.id,
      planId: 'equipe',
      until,
      reason: 'Essai',
    });
    expect(refused.json().reason).toBe('ALREADY_SUBSCRIBED');
    const past = await admin.client.post('/api/v1/admin/billing/grants', {
      userId: user.id,
      planId: 'pro',
      until: '2020-01-01T00:00:00Z',
      reason: 'Essai',
    });
    expect(past.json().errors[0]).toMatchObject({ field: 'until', rule: 'future' });
    expect((await client.get('/api/v1/admin/billing/summary')).statusCode).toBe(403);
    expect((await client.get('/api/v1/admin/billing/subscriptions')).statusCode).toBe(403);
    expect(
      (
        await client.post('/api/v1/admin/billing/grants', {
          userId: user.id,
          planId: 'pro',
          until,
          reason: 'Moi',
        })
      ).statusCode,
    ).toBe(403);
  });
});
