/**
 * Paid webinar seats on the sandbox provider, end to end on the API: checkout → test card →
 * signed webhook → registered (lead with consent, notification and e-mail with the join link),
 * the refusals, who may see and pay a checkout, and two completions registering once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, prospects, webinarPayments, webinarRegistrations } from '../../db/schema';
import { setClock } from '../../lib/clock';
import {
  createTestApp,
  lastMailTo,
  signedInClient,
  type TestClient,
  type TestContext,
} from '../../test/helpers';
import { givePlan } from '../../test/plans';
import { SandboxProvider, sandboxWebhookSecret } from './sandbox-provider';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => setClock(null));

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

const paidWebinar = (patch: Record<string, unknown> = {}) => ({
  title: 'Vendre une formation à 2 000 €',
  startTime: inHours(48),
  durationMinutes: 60,
  description: 'Une heure pour construire une offre premium et la présenter sans brader son prix de vente.',
  platform: 'zoom',
  platformUrl: 'https://zoom.us/j/123456789',
  language: 'fr',
  price: 49,
  ...patch,
});

async function host() {
  const signed = await signedInClient(ctx.app, { kind: 'infopreneur' });
  await givePlan(ctx.app.db, signed.user.id, 'pro');
  return signed;
}

async function created(client: TestClient, patch: Record<string, unknown> = {}) {
  const res = await client.post('/api/v1/webinars', paidWebinar(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}

async function checkout(client: TestClient, webinarId: number, consentToContact = false) {
  const res = await client.post(`/api/v1/webinars/${webinarId}/checkout`, { consentToContact });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; sessionId: string };
}

const registration = async (webinarId: number, userId: number) =>
  (
    await ctx.app.db
      .select()
      .from(webinarRegistrations)
      .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, userId)))
  )[0] ?? null;

const registrationsOf = async (webinarId: number) =>
  ctx.app.db.select().from(webinarRegistrations).where(eq(webinarRegistrations.webinarId, webinarId));

/** Sends a signed sandbox event to the webhook endpoint, as the sandbox does. */
async function deliver(type: string, object: Record<string, unknown>) {
  const signer = new SandboxProvider(ctx.app.db, {
    appUrl: ctx.app.config.appUrl,
    webhookSecret: sandboxWebhookSecret(ctx.app.config.appKey),
  });
  const { body, signature } = await signer.signedEvent(type, object);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { outcome: string };
}

const completion = (sessionId: string, webinarId: number, userId: number) => ({
  id: sessionId,
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  status: 'complete',
  payment_intent: 'pi_sbx_test',
  metadata: {
    kind: 'webinar',
    webinarId: String(webinarId),
    userId: String(userId),
    consentToContact: 'true',
  },
});

describe('a paid webinar seat through the sandbox', () => {
  it('checkout → pay → webhook: registered with the lead, told with the join link, payment recorded', async () => {
    const { client: owner, user: ownerUser } = await host();
    const webinar = await created(owner);
    const { client, user } = await signedInClient(ctx.app, { kind: 'closer' });

    const opened = await checkout(client, webinar.id, true);
    expect(opened.url).toBe(`${ctx.app.config.appUrl}/payment/checkout/${opened.sessionId}`);
    expect(opened.sessionId).toMatch(/^cs_sbx_/);

    const session = await client.get(`/api/v1/billing/sandbox/sessions/${opened.sessionId}`);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({
      planId: null,
      interval: null,
      webinar: { id: webinar.id, title: webinar.title },
      status: 'open',
      amount: { ttc: 4900, ht: 4083, vat: 817 },
      customerEmail: user.email,
      successUrl: `/app/our-webinars/${webinar.id}?paiement=ok`,
      cancelUrl: `/app/our-webinars/${webinar.id}`,
    });
    expect(await registration(webinar.id, user.id)).toBeNull();

    const paid = await client.post(`/api/v1/billing/sandbox/sessions/${opened.sessionId}/pay`, card);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectUrl).toBe(`/app/our-webinars/${webinar.id}?paiement=ok`);

    const row = await registration(webinar.id, user.id);
    expect(row).toMatchObject({ consentToContact: true });
    expect(row!.prospectId).not.toBeNull();
    const [lead] = await ctx.app.db.select().from(prospects).where(eq(prospects.id, row!.prospectId!));
    expect(lead).toMatchObject({ ownerId: ownerUser.id, email: user.email });

    const [told] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'webinar_registered')));
    expect(told).toMatchObject({ link: `/app/our-webinars/${webinar.id}` });
    expect(told!.title).toContain(webinar.title);
    const mail = await lastMailTo(ctx.app, user.email);
    expect(mail?.text).toContain(`/w/${row!.joinToken}`);
    expect(mail?.text).toMatch(/49\s€/);

    const page = (await client.get(`/api/v1/webinars/${webinar.id}`)).json();
    expect(page).toMatchObject({ registered: true, registrationCount: 1 });

    const mine = (await client.get('/api/v1/billing/webinar-payments')).json();
    expect(mine.data).toEqual([
      expect.objectContaining({
        id: opened.sessionId,
        webinarId: webinar.id,
        status: 'paid',
        amountTtc: 4900,
        provider: 'sandbox',
        user: { id: user.id, fullName: `${user.firstName} ${user.lastName}` },
      }),
    ]);
    expect((await client.get(`/api/v1/billing/sandbox/sessions/${opened.sessionId}`)).json().status).toBe(
      'complete',
    );

    // Paid once: the page refuses a second payment, the API a second checkout.
    const again = await client.post(`/api/v1/billing/sandbox/sessions/${opened.sessionId}/pay`, card);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('CHECKOUT_CLOSED');
    const second = await client.post(`/api/v1/webinars/${webinar.id}/checkout`, { consentToContact: true });
    expect(second.statusCode).toBe(409);
    expect(second.json().reason).toBe('WEBINAR_ALREADY_REGISTERED');
  });

  it('no consent: registered without a lead', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner);
    const { client, user } = await signedInClient(ctx.app, { kind: 'setter' });
    const { sessionId } = await checkout(client, webinar.id, false);
    expect((await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card)).statusCode).toBe(
      200,
    );
    expect(await registration(webinar.id, user.id)).toMatchObject({
      consentToContact: false,
      prospectId: null,
    });
  });

  it('a declined card registers nobody and leaves the checkout open', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner);
    const { client, user } = await signedInClient(ctx.app, { kind: 'closer' });
    const { sessionId } = await checkout(client, webinar.id);
    const declined = await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, {
      ...card,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(await registration(webinar.id, user.id)).toBeNull();
    expect((await client.get(`/api/v1/billing/sandbox/sessions/${sessionId}`)).json().status).toBe('open');
  });

  it('a stranger neither sees nor pays someone else’s checkout; anonymous gets 401', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner);
    const { client } = await signedInClient(ctx.app, { kind: 'closer' });
    const { sessionId } = await checkout(client, webinar.id);
    const { client: stranger, user: strangerUser } = await signedInClient(ctx.app, { kind: 'closer' });
    expect((await stranger.get(`/api/v1/billing/sandbox/sessions/${sessionId}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card)).statusCode).toBe(
      404,
    );
    expect(await registrationsOf(webinar.id)).toHaveLength(0);
    // Not even the webinar's owner.
    expect((await owner.get(`/api/v1/billing/sandbox/sessions/${sessionId}`)).statusCode).toBe(404);

    // A forged completion naming the stranger on this session registers nobody.
    await deliver('checkout.session.completed', completion(sessionId, webinar.id, strangerUser.id));
    expect(await registrationsOf(webinar.id)).toHaveLength(0);

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/webinars/${webinar.id}/checkout`,
      payload: { consentToContact: false },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await stranger.get('/api/v1/billing/webinar-payments')).json().data).toEqual([]);
    expect((await stranger.get('/api/v1/billing/webinar-payments?all=1')).statusCode).toBe(403);
  });

  it('two completions of one session (or two paid sessions) register once', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner);
    const { client, user } = await signedInClient(ctx.app, { kind: 'closer' });
    const first = await checkout(client, webinar.id, true);
    const other = await checkout(client, webinar.id, false);
    expect(other.sessionId).not.toBe(first.sessionId);

    expect(
      (await deliver('checkout.session.completed', completion(first.sessionId, webinar.id, user.id))).outcome,
    ).toBe('handled');
    await deliver('checkout.session.completed', completion(first.sessionId, webinar.id, user.id));
    await deliver('checkout.session.completed', completion(other.sessionId, webinar.id, user.id));
    expect(await registrationsOf(webinar.id)).toHaveLength(1);
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'webinar_registered')));
    expect(told).toHaveLength(1);
    // Both payments are on record (the second one is the owner's to refund).
    const payments = await ctx.app.db
      .select()
      .from(webinarPayments)
      .where(eq(webinarPayments.userId, user.id));
    expect(payments.map((p) => p.status).sort()).toEqual(['paid', 'paid']);
  });

  it('a seat paid after the webinar filled up is still a seat (they paid)', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner, { capacity: 1 });
    const a = await signedInClient(ctx.app, { kind: 'closer' });
    const b = await signedInClient(ctx.app, { kind: 'closer' });
    const sessionA = await checkout(a.client, webinar.id);
    const sessionB = await checkout(b.client, webinar.id);
    expect(
      (await a.client.post(`/api/v1/billing/sandbox/sessions/${sessionA.sessionId}/pay`, card)).statusCode,
    ).toBe(200);
    // Full now: a new checkout is refused, the one already open still pays and registers.
    const c = await signedInClient(ctx.app, { kind: 'closer' });
    const refused = await c.client.post(`/api/v1/webinars/${webinar.id}/checkout`, {
      consentToContact: false,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().reason).toBe('WEBINAR_FULL');
    expect(
      (await b.client.post(`/api/v1/billing/sandbox/sessions/${sessionB.sessionId}/pay`, card)).statusCode,
    ).toBe(200);
    expect(await registrationsOf(webinar.id)).toHaveLength(2);
  });

  it('an expired checkout is closed and can no longer be paid', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner);
    const { client, user } = await signedInClient(ctx.app, { kind: 'closer' });
    const { sessionId } = await checkout(client, webinar.id);
    await deliver('checkout.session.expired', {
      ...completion(sessionId, webinar.id, user.id),
      payment_status: 'unpaid',
      status: 'expired',
    });
    const [row] = await ctx.app.db.select().from(webinarPayments).where(eq(webinarPayments.id, sessionId));
    expect(row?.status).toBe('expired');
    expect((await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card)).statusCode).toBe(
      409,
    );
  });
});

describe('POST /api/v1/webinars/{id}/checkout refusals', () => {
  const reasonOf = async (client: TestClient, webinarId: number) => {
    const res = await client.post(`/api/v1/webinars/${webinarId}/checkout`, { consentToContact: false });
    return { status: res.statusCode, reason: res.json().reason as string | undefined };
  };

  it('free → 422 WEBINAR_FREE; closed, over → 422 with the reason; unknown → 404', async () => {
    const { client: owner } = await host();
    const { client } = await signedInClient(ctx.app, { kind: 'closer' });
    const free = await created(owner, { price: 0 });
    expect(await reasonOf(client, free.id)).toEqual({ status: 422, reason: 'WEBINAR_FREE' });
    const closed = await created(owner, { isRegistrationOpen: false });
    expect(await reasonOf(client, closed.id)).toEqual({ status: 422, reason: 'WEBINAR_REGISTRATION_CLOSED' });
    const soon = await created(owner);
    setClock(() => new Date(Date.now() + 72 * HOUR));
    expect(await reasonOf(client, soon.id)).toEqual({ status: 422, reason: 'WEBINAR_OVER' });
    setClock(null);
    expect((await reasonOf(client, 999_999)).status).toBe(404);
    // The free registration still refuses a paid webinar.
    const res = await client.post(`/api/v1/webinars/${soon.id}/registrations`, { consentToContact: false });
    expect(res.json().reason).toBe('WEBINAR_PAYMENT_REQUIRED');
  });

  it('admins see every paid seat', async () => {
    const { client: owner } = await host();
    const webinar = await created(owner);
    const { client, user } = await signedInClient(ctx.app, { kind: 'closer' });
    const { sessionId } = await checkout(client, webinar.id);
    await client.post(`/api/v1/billing/sandbox/sessions/${sessionId}/pay`, card);
    const admin = await signedInClient(ctx.app, { admin: true });
    const all = (await admin.client.get('/api/v1/billing/webinar-payments?all=1&perPage=100')).json();
    expect(all.data).toContainEqual(
      expect.objectContaining({ id: sessionId, user: expect.objectContaining({ id: user.id }) }),
    );
  });
});
