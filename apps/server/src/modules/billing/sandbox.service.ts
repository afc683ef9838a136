/**
 * What the sandbox provider's pages do, on its own side (`sandbox_objects`), as Stripe would on
 * its servers: take a test card, create the subscription and its invoice, change the plan with
 * Stripe's proration, cancel at the period's end, resume, and bill the next period. Each action
 * answers the Stripe events it causes; the route delivers them, signed, to the webhook endpoint
 * after the commit — the plan changes only when the webhook has read them back.
 */
import {
  AppError,
  type BillingInterval,
  errorCodes,
  planPrice,
  type SandboxPayBody,
  type SandboxPortalBody,
  type SandboxSessionResponse,
  sandboxTestCards,
  withVat,
} from '@closia/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { billingCustomers, checkoutSessions, type InvoiceLine, subscriptions, users } from '../../db/schema';
import { now } from '../../lib/clock';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { subscriptionLabel } from './billing.service';
import type { PaidPlanId } from './provider';
import {
  fromUnix,
  type SandboxCustomer,
  type SandboxInvoice,
  type SandboxSubscription,
  sandboxId,
  sandboxStore,
  unix,
} from './sandbox-provider';

/** An event to deliver: its type and the object it carries. */
export interface SandboxEvent {
  type: string;
  object: Record<string, unknown>;
}

/** The end of a period that starts at `start` (a calendar month or year later, as Stripe bills). */
export function periodEnd(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

const lineFor = (description: string, amountHt: number): InvoiceLine => ({
  description,
  quantity: 1,
  unitAmountHt: amountHt,
  amountHt,
});

async function ownSession(db: DbOrTx, userId: number, id: string) {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, 'sandbox'),
      ),
    );
  if (!session) throw notFound('Checkout session');
  return session;
}

export async function getSandboxSession(
  db: DbOrTx,
  userId: number,
  id: string,
): Promise<SandboxSessionResponse> {
  const session = await ownSession(db, userId, id);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const status = session.status === 'open' && session.expiresAt <= now() ? 'expired' : session.status;
  return {
    id: session.id,
    planId: session.planId,
    interval: session.interval,
    webinar: null,
    status,
    amount: planPrice(session.planId, session.interval),
    customerEmail: user?.email ?? '',
    successUrl: `/payment/success?session_id=${session.id}`,
    cancelUrl: `/payment/${session.planId}?interval=${session.interval}`,
  };
}

/** Stripe's test cards: paid, or refused with the reason the page words in French. */
export function chargeCard(cardNumber: string, expiry: string): { brand: string; last4: string } {
  const digits = cardNumber.replace(/ /g, '');
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const expiresAfter = Date.UTC(2000 + year!, month!, 1); // the first day after the expiry month
  if (expiresAfter <= now().getTime()) {
    throw fieldError('expiry', 'cardExpired');
  }
  if (digits === sandboxTestCards.declined) {
    throw new AppError(402, errorCodes.paymentDeclined, 'Your card was declined', undefined, 'CARD_DECLINED');
  }
  if (digits === sandboxTestCards.insufficientFunds) {
    throw new AppError(
      402,
      errorCodes.paymentDeclined,
      'Your card has insufficient funds',
      undefined,
      'INSUFFICIENT_FUNDS',
    );
  }
  if (digits !== sandboxTestCards.paid) {
    throw fieldError('cardNumber', 'testCard');
  }
  return { brand: 'Visa', last4: digits.slice(-4) };
}

const cardText = (card: SandboxCustomer['card']) =>
  card ? `Carte bancaire ${card.brand} •••• ${card.last4}` : 'Carte bancaire';

/** A paid (or open) invoice of the sandbox, VAT on the total HT, the customer's credit taken first. */
export function invoiceOf(
  customer: SandboxCustomer,
  sub: SandboxSubscription,
  reason: SandboxInvoice['billing_reason'],
  lines: InvoiceLine[],
  paid: boolean,
): SandboxInvoice {
  const all = [...lines];
  const gross = lines.reduce((sum, line) => sum + line.amountHt, 0);
  if (customer.credit > 0 && gross > 0) {
    const used = Math.min(customer.credit, gross);
    all.push(lineFor('Crédit de votre solde', -used));
    customer.credit -= used;
  }
  const amount = withVat(all.reduce((sum, line) => sum + line.amountHt, 0));
  const at = unix(now());
  return {
    id: sandboxId('in'),
    object: 'invoice',
    customer: customer.id,
    subscription: sub.id,
    status: paid ? 'paid' : 'open',
    billing_reason: reason,
    lines: all,
    subtotal: amount.ht,
    tax: amount.vat,
    total: amount.ttc,
    currency: 'eur',
    period_start: sub.current_period_start,
    period_end: sub.current_period_end,
    paid_at: paid ? at : null,
    payment_method: cardText(customer.card),
    customer_name: customer.name,
    customer_address: customer.address,
    customer_company: customer.company,
    customer_vat: customer.vat_number,
    customer_email: customer.email,
    metadata: { planId: sub.metadata.planId, interval: sub.metadata.interval },
  };
}

/** A period's line: the service period itself is on the invoice (`period_start`/`period_end`). */
export const periodLine = (planId: PaidPlanId, interval: BillingInterval): InvoiceLine =>
  lineFor(subscriptionLabel(planId, interval), planPrice(planId, interval).ht);

/** Pays a sandbox checkout with a test card: the subscription starts now, its first invoice is paid. */
export async function payCheckout(
  db: Db,
  userId: number,
  sessionId: string,
  body: SandboxPayBody,
): Promise<{ redirectUrl: string; events: SandboxEvent[] }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(
        and(
          eq(checkoutSessions.id, sessionId),
          eq(checkoutSessions.userId, userId),
          eq(checkoutSessions.provider, 'sandbox'),
        ),
      )
      .for('update');
    if (!session) throw notFound('Checkout session');
    // The webhook marks it complete; until then a second payment of the session is refused too.
    const [taken] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} in ('active', 'past_due')`));
    if (session.status !== 'open' || session.expiresAt <= now() || taken) {
      throw conflict('This checkout is closed', 'CHECKOUT_CLOSED');
    }
    const card = chargeCard(body.cardNumber, body.expiry);
    const [customerRow] = await tx
      .select({ ref: billingCustomers.customerRef })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, 'sandbox')));
    const customer = customerRow
      ? await sandboxStore.lock<SandboxCustomer>(tx, customerRow.ref, 'customer')
      : null;
    if (!customer) throw notFound('Customer');
    customer.card = card;
    if (body.billingName) customer.name = body.billingName;
    if (body.billingAddress !== undefined) customer.address = body.billingAddress;
    if (body.company !== undefined) customer.company = body.company || null;
    if (body.vatNumber !== undefined) customer.vat_number = body.vatNumber || null;

    const start = now();
    const end = periodEnd(start, session.interval);
    const sub: SandboxSubscription = {
      id: sandboxId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      current_period_start: unix(start),
      current_period_end: unix(end),
      cancel_at_period_end: false,
      canceled_at: null,
      created: unix(start),
      metadata: { userId: String(userId), planId: session.planId, interval: session.interval },
    };
    const invoice = invoiceOf(
      customer,
      sub,
      'subscription_create',
      [periodLine(session.planId, session.interval)],
      true,
    );
    await sandboxStore.put(tx, customer);
    await sandboxStore.put(tx, sub);
    await sandboxStore.put(tx, invoice);
    await tx
      .update(billingCustomers)
      .set({
        identity: {
          name: customer.name,
          address: customer.address,
          company: customer.company,
          vatNumber: customer.vat_number,
          email: customer.email,
        },
      })
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, 'sandbox')));
    const checkout = {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: customer.id,
      subscription: sub.id,
      client_reference_id: String(userId),
      payment_status: 'paid',
      status: 'complete',
      invoice: invoice.id,
    };
    return {
      redirectUrl: `/payment/success?session_id=${session.id}`,
      events: [
        { type: 'checkout.session.completed', object: checkout },
        { type: 'customer.subscription.created', object: { ...sub } },
        { type: 'invoice.paid', object: { ...invoice } },
      ],
    };
  });
}

async function currentSubscription(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ ref: subscriptions.providerRef, customerRef: subscriptions.customerRef })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'sandbox')));
  const sub = row ? await sandboxStore.lock<SandboxSubscription>(tx, row.ref, 'subscription') : null;
  if (!row || !sub || sub.status === 'canceled')
    throw conflict('No subscription to manage', 'NO_SUBSCRIPTION');
  const customer = await sandboxStore.lock<SandboxCustomer>(tx, row.customerRef, 'customer');
  if (!customer) throw conflict('No subscription to manage', 'NO_SUBSCRIPTION');
  return { sub, customer };
}

/**
 * Stripe's proration: at `at` within the period, the unused time of the old price is credited and
 * the remaining time of the new one charged, each rounded to the cent. A change of interval starts
 * a new period now (the new price in full, less the unused time).
 */
export function prorationLines(
  from: { planId: PaidPlanId; interval: BillingInterval },
  to: { planId: PaidPlanId; interval: BillingInterval },
  period: { start: Date; end: Date },
  at: Date,
): InvoiceLine[] {
  const total = period.end.getTime() - period.start.getTime();
  const left = Math.max(0, Math.min(total, period.end.getTime() - at.getTime()));
  const unused = Math.round((planPrice(from.planId, from.interval).ht * left) / total);
  const credit = lineFor(`Temps non utilisé : ${subscriptionLabel(from.planId, from.interval)}`, -unused);
  if (from.interval !== to.interval) {
    return [credit, periodLine(to.planId, to.interval)];
  }
  const remaining = Math.round((planPrice(to.planId, to.interval).ht * left) / total);
  return [credit, lineFor(`Temps restant : ${subscriptionLabel(to.planId, to.interval)}`, remaining)];
}

/** The sandbox portal: change plan or interval (prorated), cancel at the period's end, resume. */
export async function portalAction(db: Db, userId: number, body: SandboxPortalBody): Promise<SandboxEvent[]> {
  return db.transaction(async (tx) => {
    const { sub, customer } = await currentSubscription(tx, userId);
    const events: SandboxEvent[] = [];
    if (body.action === 'cancel' || body.action === 'resume') {
      sub.cancel_at_period_end = body.action === 'cancel';
    } else {
      const from = { planId: sub.metadata.planId, interval: sub.metadata.interval };
      const to = { planId: body.planId as PaidPlanId, interval: body.interval };
      if (body.planId === 'gratuit') {
        // Going back to Gratuit is a cancellation at the period's end.
        sub.cancel_at_period_end = true;
      } else if (from.planId === to.planId && from.interval === to.interval) {
        throw conflict('This is already your plan', 'ALREADY_SUBSCRIBED');
      } else {
        if (sub.status !== 'active') throw conflict('Settle the failed payment first', 'NO_SUBSCRIPTION');
        const at = now();
        const lines = prorationLines(
          from,
          to,
          { start: fromUnix(sub.current_period_start), end: fromUnix(sub.current_period_end) },
          at,
        );
        sub.metadata = { ...sub.metadata, planId: to.planId, interval: to.interval };
        sub.cancel_at_period_end = false;
        if (from.interval !== to.interval) {
          sub.current_period_start = unix(at);
          sub.current_period_end = unix(periodEnd(at, to.interval));
        }
        const net = lines.reduce((sum, line) => sum + line.amountHt, 0);
        if (net > 0) {
          const invoice = invoiceOf(customer, sub, 'subscription_update', lines, true);
          await sandboxStore.put(tx, invoice);
          events.push({ type: 'invoice.paid', object: { ...invoice } });
        } else {
          customer.credit += -net; // a downgrade: the difference is taken off the next invoices
        }
      }
    }
    await sandboxStore.put(tx, customer);
    await sandboxStore.put(tx, sub);
    return [{ type: 'customer.subscription.updated', object: { ...sub } }, ...events];
  });
}

/**
 * Bills the next period of a sandbox subscription now, as Stripe does at the period's end (the
 * sandbox's "test clock"): `paid` renews it, `failed` makes it past due (its open invoice is paid
 * by the next `paid`); a subscription set to cancel at the period's end ends.
 */
export async function advanceSubscription(
  db: DbOrTx,
  ref: string,
  outcome: 'paid' | 'failed',
): Promise<SandboxEvent[]> {
  const sub = await sandboxStore.lock<SandboxSubscription>(db, ref, 'subscription');
  if (!sub || sub.status === 'canceled') throw conflict('No subscription to manage', 'NO_SUBSCRIPTION');
  const customer = await sandboxStore.lock<SandboxCustomer>(db, sub.customer, 'customer');
  if (!customer) throw conflict('No subscription to manage', 'NO_SUBSCRIPTION');
  if (sub.cancel_at_period_end) {
    sub.status = 'canceled';
    sub.canceled_at = unix(now());
    await sandboxStore.put(db, sub);
    return [{ type: 'customer.subscription.deleted', object: { ...sub } }];
  }
  const { planId, interval } = sub.metadata;
  if (sub.status === 'active') {
    const start = fromUnix(sub.current_period_end);
    const end = periodEnd(start, interval);
    sub.current_period_start = unix(start);
    sub.current_period_end = unix(end);
  }
  const invoice = invoiceOf(
    customer,
    sub,
    'subscription_cycle',
    [periodLine(planId, interval)],
    outcome === 'paid',
  );
  sub.status = outcome === 'paid' ? 'active' : 'past_due';
  await sandboxStore.put(db, customer);
  await sandboxStore.put(db, sub);
  await sandboxStore.put(db, invoice);
  return [
    { type: outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', object: { ...invoice } },
    { type: 'customer.subscription.updated', object: { ...sub } },
  ];
}

/** The sandbox's test clock for a user's own subscription (the portal's "simulate" buttons, the tests). */
export async function advanceMine(
  db: Db,
  userId: number,
  outcome: 'paid' | 'failed',
): Promise<SandboxEvent[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ref: subscriptions.providerRef })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'sandbox')));
    if (!row) throw conflict('No subscription to manage', 'NO_SUBSCRIPTION');
    return advanceSubscription(tx, row.ref, outcome);
  });
}

/**
 * The sandbox's renewals: every subscription whose period has ended is billed (paid: the test
 * card on file pays) or ended. Several instances may sweep together: each renewal locks its row
 * and checks it is still due.
 */
export async function renewDueSubscriptions(db: Db, limit = 50): Promise<SandboxEvent[]> {
  const due = await db
    .select({ ref: subscriptions.providerRef })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'sandbox'),
        sql`${subscriptions.status} = 'active'`,
        lte(subscriptions.currentPeriodEnd, now()),
      ),
    )
    .limit(limit);
  const events: SandboxEvent[] = [];
  for (const { ref } of due) {
    try {
      const renewed = await db.transaction(async (tx) => {
        // Locked, then checked again: another instance may have renewed it meanwhile.
        const sub = await sandboxStore.lock<SandboxSubscription>(tx, ref, 'subscription');
        if (sub?.status !== 'active' || sub.current_period_end > unix(now())) return [];
        return advanceSubscription(tx, ref, 'paid');
      });
      events.push(...renewed);
    } catch {
      // Another instance took it, or it ended meanwhile: the next sweep sees it again.
    }
  }
  return events;
}
