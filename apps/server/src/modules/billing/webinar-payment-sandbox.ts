/**
 * A webinar seat on the sandbox provider (no `STRIPE_SECRET_KEY`): its checkout is the same page
 * as a plan's (`/payment/checkout/{id}`), which reads the session here and pays it with a test
 * card; the payment answers the `checkout.session.completed` event Stripe would send (mode
 * `payment`, the seat's metadata), delivered signed to the webhook like every sandbox event.
 */
import type { SandboxPayBody, SandboxSessionResponse } from '@closia/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users, webinarPayments } from '../../db/schema';
import { now } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { webinarPath } from '../webinars/webinars.presenter';
import { chargeCard, type SandboxEvent } from './sandbox.service';
import { sandboxId } from './sandbox-provider';

async function sandboxPayment(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select()
    .from(webinarPayments)
    .where(and(eq(webinarPayments.id, id), eq(webinarPayments.provider, 'sandbox')));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

const pagePath = (webinarId: number | null) =>
  webinarId === null ? '/app/our-webinars' : webinarPath(webinarId);

/** The checkout page's session for a webinar seat; null when the id is not one (a plan's, then). */
export async function getWebinarSandboxSession(
  db: DbOrTx,
  userId: number,
  id: string,
): Promise<SandboxSessionResponse | null> {
  const payment = await sandboxPayment(db, id);
  if (!payment) return null;
  // Someone else's checkout does not exist for the caller.
  if (payment.userId !== userId) throw notFound('Checkout session');
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const status =
    payment.status === 'paid'
      ? 'complete'
      : payment.status === 'expired' || payment.expiresAt <= now()
        ? 'expired'
        : 'open';
  const page = pagePath(payment.webinarId);
  return {
    id: payment.id,
    planId: null,
    interval: null,
    webinar: payment.webinarId === null ? null : { id: payment.webinarId, title: payment.webinarTitle },
    status,
    amount: { ht: payment.amountHt, vat: payment.vatAmount, ttc: payment.amountTtc },
    customerEmail: user?.email ?? '',
    successUrl: `${page}?paiement=ok`,
    cancelUrl: page,
  };
}

/** Pays a webinar seat with a test card; null when the id is not a seat's checkout. */
export async function payWebinarSeat(
  db: Db,
  userId: number,
  id: string,
  body: SandboxPayBody,
): Promise<{ redirectUrl: string; events: SandboxEvent[] } | null> {
  return db.transaction(async (tx) => {
    const payment = await sandboxPayment(tx, id, true);
    if (!payment) return null;
    if (payment.userId !== userId) throw notFound('Checkout session');
    if (payment.status !== 'open' || payment.expiresAt <= now() || payment.webinarId === null)
      throw conflict('This checkout is closed', 'CHECKOUT_CLOSED');
    chargeCard(body.cardNumber, body.expiry);
    const checkout = {
      id: payment.id,
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: String(userId),
      payment_status: 'paid',
      status: 'complete',
      amount_total: payment.amountTtc,
      currency: 'eur',
      payment_intent: sandboxId('pi'),
      metadata: {
        kind: 'webinar',
        webinarId: String(payment.webinarId),
        userId: String(userId),
        consentToContact: payment.consentToContact ? 'true' : 'false',
      },
    };
    return {
      redirectUrl: `${pagePath(payment.webinarId)}?paiement=ok`,
      events: [{ type: 'checkout.session.completed', object: checkout }],
    };
  });
}
