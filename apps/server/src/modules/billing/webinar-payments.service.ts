/**
 * Paid webinars (issue 21 §1): a seat is bought through the payment provider of the plans
 * (Stripe Checkout in `payment` mode, or the sandbox's checkout page), then the webhook registers
 * the payer with the same insert as a free registration (`insertRegistration`).
 *
 * Decisions (docs/stripe.md, "Webinar seats"):
 * - the webinar's `price` is what the buyer pays, VAT included (20 %: HT = TTC / 1.2, rounded);
 * - the checkout is refused like a registration (over, closed, full, already registered) and 422
 *   `WEBINAR_FREE` for a free webinar; the webhook registers the payer even if the webinar filled
 *   up or closed meanwhile — they paid, the seat is theirs (no automatic refund);
 * - `webinar_payments` keeps each checkout, by its session id, and once paid is the payment's
 *   record: a second completion (a replayed or duplicate event) changes nothing, a second paid
 *   session for a registered user is recorded but registers nobody twice.
 */
import {
  type CheckoutResponse,
  formatEuro,
  type Paginated,
  type WebinarPayment,
  type WebinarRegistrationInput,
} from '@closia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users, webinarPayments, webinars } from '../../db/schema';
import { now } from '../../lib/clock';
import { conflict, forbidden, notFound, refusal } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { closedBecause, insertRegistration, registrationOf } from '../webinars/registrations.service';
import { formatWebinarStart } from '../webinars/webinar-jobs';
import { joinUrlOf, type WebinarRow, webinarPath } from '../webinars/webinars.presenter';
import { lockWebinar } from '../webinars/webinars.service';
import type { PaymentProvider } from './provider';

/** The webinar's price (euros, VAT included) in cents, with its HT and VAT parts. */
export function seatAmount(price: number): { ht: number; vat: number; ttc: number } {
  const ttc = Math.round(price * 100);
  const ht = Math.round(ttc / 1.2);
  return { ht, vat: ttc - ht, ttc };
}

export const seatDescription = (title: string) => `Place pour le webinaire « ${title} »`.slice(0, 250);

/** `POST /webinars/{id}/checkout`: a paid seat's checkout, refused like a registration first. */
export async function openWebinarCheckout(
  db: Db,
  provider: PaymentProvider,
  viewer: Viewer,
  webinarId: number,
  input: WebinarRegistrationInput,
  appUrl: string,
): Promise<CheckoutResponse> {
  const [webinar] = await db.select().from(webinars).where(eq(webinars.id, webinarId));
  if (!webinar) throw notFound('Webinar');
  if (await registrationOf(db, webinarId, viewer.id))
    throw conflict('Already registered to this webinar', 'WEBINAR_ALREADY_REGISTERED');
  const refused = closedBecause(webinar, now(), true);
  if (refused) throw refused;
  if (!(Number(webinar.price) > 0))
    throw refusal('WEBINAR_FREE', [
      { field: 'webinarId', rule: 'registration', message: 'The webinar is free: register directly' },
    ]);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
  if (!user) throw notFound('User');

  const amount = seatAmount(Number(webinar.price));
  const consent = input.consentToContact;
  const page = `${appUrl}${webinarPath(webinar.id)}`;
  const session = await provider.createPaymentCheckout({
    userId: viewer.id,
    email: user.email,
    description: seatDescription(webinar.title),
    amountTtc: amount.ttc,
    metadata: {
      kind: 'webinar',
      webinarId: String(webinar.id),
      userId: String(viewer.id),
      consentToContact: consent ? 'true' : 'false',
    },
    successUrl: `${page}?paiement=ok`,
    cancelUrl: page,
    // A double click opens one checkout; another price or answer to the consent box is another one.
    idempotencyKey: `closia-webinar-${webinar.id}-${viewer.id}-${amount.ttc}-${consent ? 1 : 0}`,
  });
  await db
    .insert(webinarPayments)
    .values({
      id: session.id,
      userId: viewer.id,
      webinarId: webinar.id,
      webinarTitle: webinar.title,
      provider: provider.name,
      consentToContact: consent,
      amountTtc: amount.ttc,
      amountHt: amount.ht,
      vatAmount: amount.vat,
      url: session.url,
      expiresAt: session.expiresAt,
    })
    .onConflictDoNothing();
  return { url: session.url, sessionId: session.id };
}

type CheckoutObject = { id: string; object: string } & Record<string, unknown>;

const metadataOf = (object: CheckoutObject): Record<string, unknown> =>
  typeof object.metadata === 'object' && object.metadata !== null
    ? (object.metadata as Record<string, unknown>)
    : {};

/** A webinar seat's checkout session (`mode=payment`, `metadata.kind=webinar`). */
export function isWebinarCheckout(object: CheckoutObject): boolean {
  return (
    object.object === 'checkout.session' && object.mode === 'payment' && metadataOf(object).kind === 'webinar'
  );
}

/**
 * The webhook's part for a webinar seat, in its transaction (the event id is stored once):
 * `checkout.session.completed` (paid) or `async_payment_succeeded` registers the payer and tells
 * them; `checkout.session.expired` closes the record. False: not a session of ours.
 */
export async function applyWebinarCheckoutEvent(
  tx: Tx,
  work: UnitOfWork,
  provider: Pick<PaymentProvider, 'name'>,
  type: string,
  object: CheckoutObject,
): Promise<boolean> {
  const [payment] = await tx
    .select()
    .from(webinarPayments)
    .where(and(eq(webinarPayments.id, object.id), eq(webinarPayments.provider, provider.name)))
    .for('update');
  if (!payment) return false;
  const metadata = metadataOf(object);
  // The session's metadata must name the payer and webinar our record names.
  if (
    metadata.userId !== String(payment.userId) ||
    (payment.webinarId !== null && metadata.webinarId !== String(payment.webinarId))
  )
    return false;
  if (type === 'checkout.session.expired') {
    if (payment.status === 'open')
      await tx.update(webinarPayments).set({ status: 'expired' }).where(eq(webinarPayments.id, payment.id));
    return true;
  }
  const paid = type === 'checkout.session.async_payment_succeeded' || object.payment_status === 'paid';
  if (type !== 'checkout.session.completed' && type !== 'checkout.session.async_payment_succeeded')
    return true;
  if (!paid || payment.status === 'paid') return true; // SEPA pending, or already applied
  const paymentRef = typeof object.payment_intent === 'string' ? object.payment_intent : null;
  await tx
    .update(webinarPayments)
    .set({ status: 'paid', paidAt: now(), paymentRef, updatedAt: now() })
    .where(eq(webinarPayments.id, payment.id));
  if (payment.webinarId === null) return true; // deleted meanwhile: the payment stays on record
  const webinar = await lockWebinar(tx, payment.webinarId);
  if (await registrationOf(tx, webinar.id, payment.userId)) return true; // one registration per user
  // Full, closed or started meanwhile: registered anyway, they paid for the seat.
  const registration = await insertRegistration(tx, work, webinar, payment.userId, payment.consentToContact);
  await notifyPayer(tx, work, webinar, payment.userId, payment.amountTtc, registration.joinToken);
  return true;
}

async function notifyPayer(
  tx: DbOrTx,
  work: UnitOfWork,
  webinar: WebinarRow,
  userId: number,
  amountTtc: number,
  joinToken: string,
): Promise<void> {
  const join = joinUrlOf(work.appUrl, joinToken);
  const when = formatWebinarStart(webinar.startTime, webinar.timezone);
  const paid = formatEuro(amountTtc / 100);
  await work.notify(tx, {
    userId,
    type: 'webinar_registered',
    title: `Votre place pour « ${webinar.title} » est réservée`.slice(0, 255),
    body: `Paiement de ${paid} reçu. Rendez-vous le ${when}.`,
    link: webinarPath(webinar.id),
    mail: {
      subject: `Votre place pour le webinaire « ${webinar.title} »`.slice(0, 200),
      text: `Bonjour,\n\nMerci ! Votre paiement de ${paid} est reçu et votre place pour le webinaire « ${webinar.title} » est réservée.\n\nRendez-vous le ${when}.\nVotre lien personnel pour le rejoindre : ${join}\n\nPage du webinaire : ${work.appUrl}${webinarPath(webinar.id)}\n\nL’équipe Closia`,
      link: join,
    },
  });
}

/** `GET /billing/webinar-payments`: my paid seats; an admin with `all` sees everyone's. */
export async function listWebinarPayments(
  db: DbOrTx,
  viewer: Viewer,
  query: { all: boolean; page: number; perPage: number },
): Promise<Paginated<WebinarPayment>> {
  if (query.all && !viewer.admin) throw forbidden('Only admins see every payment');
  const mine = eq(webinarPayments.userId, viewer.id);
  const paidOnly = eq(webinarPayments.status, 'paid');
  const rows = await db
    .select({
      payment: webinarPayments,
      firstName: users.firstName,
      lastName: users.lastName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(webinarPayments)
    .innerJoin(users, eq(users.id, webinarPayments.userId))
    .where(query.all ? paidOnly : and(mine, paidOnly))
    .orderBy(desc(webinarPayments.paidAt), desc(webinarPayments.id))
    .limit(query.perPage)
    .offset(offsetOf(query));
  return {
    data: rows.map(({ payment: p, firstName, lastName }) => ({
      id: p.id,
      webinarId: p.webinarId,
      webinarTitle: p.webinarTitle,
      user: { id: p.userId, fullName: `${firstName} ${lastName}`.trim() },
      status: p.status,
      amountTtc: p.amountTtc,
      amountHt: p.amountHt,
      vatAmount: p.vatAmount,
      currency: p.currency,
      provider: p.provider,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
    meta: paginationMeta(rows[0]?.total ?? 0, query),
  };
}
