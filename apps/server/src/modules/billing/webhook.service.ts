/**
 * What the payment provider tells us (Stripe's events, or the sandbox's, signed the same way).
 * Each event is stored once (`billing_events`, primary key = the event id) in the transaction
 * that applies it, so a replay changes nothing. Events may arrive in any order: the handler never
 * trusts the event's copy of an object, it reads the object's current state from the provider
 * first, and a state read earlier than the one stored never overwrites it.
 */
import { AppError, BILLING_SETTINGS_PATH, formatEuro, PAST_DUE_GRACE_DAYS, plans } from '@closia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  billingCustomers,
  billingEvents,
  checkoutSessions,
  invoices,
  subscriptions,
  users,
} from '../../db/schema';
import { now } from '../../lib/clock';
import { formatParisLongDate, parisWallClock } from '../../lib/paris-time';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { subscriptionLabel } from './billing.service';
import type { PaymentProvider, ProviderEvent, ProviderInvoice, ProviderSubscription } from './provider';
import { applyWebinarCheckoutEvent, isWebinarCheckout } from './webinar-payments.service';

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

const DAY_MS = 86_400_000;

/** The state an event asks us to read back, fetched before the transaction (the provider may be slow). */
interface Fetched {
  subscription: ProviderSubscription | null;
  invoice: ProviderInvoice | null;
  /** When it was read: a later read wins. */
  readAt: Date;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

async function fetchState(provider: PaymentProvider, event: ProviderEvent): Promise<Fetched> {
  const object = event.data.object;
  const readAt = new Date();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const ref = str(object.subscription);
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required';
      // SEPA: a completed checkout is not paid yet; `async_payment_succeeded` follows.
      const take = event.type === 'checkout.session.async_payment_succeeded' || paid;
      return {
        subscription: ref && take ? await provider.retrieveSubscription(ref) : null,
        invoice: null,
        readAt,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscription: await provider.retrieveSubscription(object.id), invoice: null, readAt };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = await provider.retrieveInvoice(object.id);
      const subscription = invoice.subscriptionRef
        ? await provider.retrieveSubscription(invoice.subscriptionRef)
        : null;
      return { subscription, invoice, readAt };
    }
    default:
      return { subscription: null, invoice: null, readAt };
  }
}

/** Applies one verified event; `duplicate` when its id was already handled. */
export async function handleWebhookEvent(
  db: Db,
  work: UnitOfWork,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<WebhookOutcome> {
  let fetched: Fetched;
  try {
    fetched = await fetchState(provider, event);
  } catch (error) {
    // An object that is not ours (another product on the same Stripe account) or no longer exists:
    // stored and answered 200, or the provider would retry it for days. A 503 is retried.
    if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 404)) throw error;
    fetched = { subscription: null, invoice: null, readAt: new Date() };
  }
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: provider.name, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (stored.length === 0) return 'duplicate';

    const object = event.data.object;
    if (event.type.startsWith('checkout.session.')) {
      const status = event.type === 'checkout.session.expired' ? 'expired' : 'complete';
      await tx
        .update(checkoutSessions)
        .set({ status, completedAt: status === 'complete' ? now() : null })
        .where(and(eq(checkoutSessions.id, object.id), eq(checkoutSessions.status, 'open')));
    }
    let handled = false;
    // A webinar seat (one-time payment, issue 21): the payer is registered.
    if (event.type.startsWith('checkout.session.') && isWebinarCheckout(object)) {
      handled = await applyWebinarCheckoutEvent(tx, work, provider, event.type, object);
    }
    if (fetched.subscription) {
      handled = await syncSubscription(tx, work, provider, fetched.subscription, fetched.readAt, {
        failedInvoice: event.type === 'invoice.payment_failed' ? fetched.invoice : null,
      });
    }
    if (event.type === 'invoice.paid' && fetched.invoice) {
      handled = (await recordInvoice(tx, provider, fetched.invoice)) || handled;
    }
    return handled || event.type.startsWith('checkout.session.') ? 'handled' : 'ignored';
  });
}

async function userOfCustomer(
  tx: Tx,
  provider: Pick<PaymentProvider, 'name'>,
  customerRef: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, provider.name), eq(billingCustomers.customerRef, customerRef)));
  return row?.userId ?? null;
}

/**
 * Stores the subscription's current state as the user's, and tells the user what changed
 * (activated, payment failed, ended). False when it concerns no known user or is stale.
 */
async function syncSubscription(
  tx: Tx,
  work: UnitOfWork,
  provider: PaymentProvider,
  sub: ProviderSubscription,
  readAt: Date,
  context: { failedInvoice: ProviderInvoice | null },
): Promise<boolean> {
  let userId = await userOfCustomer(tx, provider, sub.customerRef);
  if (userId === null && sub.userId !== null) {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, sub.userId));
    if (!user) return false;
    userId = user.id;
    await tx
      .insert(billingCustomers)
      .values({ userId, provider: provider.name, customerRef: sub.customerRef })
      .onConflictDoNothing();
  }
  if (userId === null) return false;

  // The user's row, locked: two events of one user apply one after the other.
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  const same = existing?.provider === provider.name && existing.providerRef === sub.ref;
  if (existing && !same && sub.status === 'canceled' && existing.status !== 'canceled') {
    return false; // an older subscription's end, after the user subscribed again
  }
  if (same && existing.providerUpdatedAt > readAt) return false; // a newer read is already stored

  const stillPastDue = sub.status === 'past_due' && same && existing.status === 'past_due';
  const pastDueSince = sub.status === 'past_due' ? (stillPastDue ? existing.pastDueSince : now()) : null;
  const values = {
    userId,
    planId: sub.planId,
    interval: sub.interval,
    status: sub.status,
    provider: provider.name,
    providerRef: sub.ref,
    customerRef: sub.customerRef,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    pastDueSince,
    dunningStage: stillPastDue ? existing.dunningStage : 0,
    canceledAt: sub.canceledAt,
    providerUpdatedAt: readAt,
  };
  await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  // The session lookup reads a past-due payment (the app's banner): the user's cached sessions go.
  work.forget({ user: userId });

  const before = same ? existing : null;
  const label = subscriptionLabel(sub.planId, sub.interval);
  const planName = plans[sub.planId].name;
  if (sub.status === 'active' && (before?.status !== 'active' || before.planId !== sub.planId)) {
    await work.notify(tx, {
      userId,
      type: 'subscription_activated',
      title: `Votre abonnement ${planName} est actif`,
      body: `${label}, jusqu’au ${formatParisLongDate(sub.currentPeriodEnd)}.`,
      link: BILLING_SETTINGS_PATH,
      mail: {
        subject: `Votre abonnement ${planName} est actif`,
        text: `Bonjour,\n\nMerci ! Votre ${label.toLowerCase()} est actif jusqu’au ${formatParisLongDate(sub.currentPeriodEnd)}. Votre facture est disponible dans « Abonnement et factures » : ${work.appUrl}${BILLING_SETTINGS_PATH}\n\nL’équipe Closia`,
      },
    });
  } else if (sub.status === 'past_due' && before?.status !== 'past_due') {
    const graceEnd = new Date((pastDueSince ?? now()).getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
    const amount = context.failedInvoice ? ` de ${formatEuro(context.failedInvoice.amountTtc / 100)}` : '';
    await work.notify(tx, {
      userId,
      type: 'subscription_payment_failed',
      title: 'Le paiement de votre abonnement a échoué',
      body: `Mettez à jour votre moyen de paiement avant le ${formatParisLongDate(graceEnd)} pour garder l’offre ${planName}.`,
      link: BILLING_SETTINGS_PATH,
    });
    // Transactional: sent whatever the notification settings say.
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user) {
      await work.mail(tx, {
        to: user.email,
        subject: 'Échec du paiement de votre abonnement Closia',
        text: `Bonjour,\n\nLe paiement${amount} de votre ${label.toLowerCase()} n’a pas abouti. Vous gardez l’offre ${planName} jusqu’au ${formatParisLongDate(graceEnd)} ; passé cette date, votre compte repassera à l’offre Gratuit (vos données restent consultables).\n\nMettez à jour votre moyen de paiement : ${work.appUrl}${BILLING_SETTINGS_PATH}\n\nL’équipe Closia`,
        link: `${work.appUrl}${BILLING_SETTINGS_PATH}`,
      });
    }
  } else if (sub.status === 'canceled' && before && before.status !== 'canceled') {
    await work.notify(tx, {
      userId,
      type: 'subscription_canceled',
      title: `Votre abonnement ${planName} est terminé`,
      body: 'Votre compte est passé à l’offre Gratuit. Vos données restent consultables.',
      link: '/pricing',
      mail: {
        subject: `Votre abonnement ${planName} est terminé`,
        text: `Bonjour,\n\nVotre ${label.toLowerCase()} est terminé : votre compte est passé à l’offre Gratuit. Vos données restent consultables ; vous pouvez vous réabonner à tout moment : ${work.appUrl}/pricing\n\nL’équipe Closia`,
      },
    });
  }
  return true;
}

/**
 * Our invoice for a paid provider invoice, numbered F-YYYY-NNNNNN without gaps: the counter row
 * of the year is taken in this transaction (a row lock, released at commit), so a rollback gives
 * its number back and concurrent payments get consecutive numbers.
 */
export async function recordInvoice(
  tx: Tx,
  provider: Pick<PaymentProvider, 'name'>,
  invoice: ProviderInvoice,
): Promise<boolean> {
  if (invoice.status !== 'paid' || invoice.amountTtc <= 0) return false;
  const [known] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.provider, provider.name), eq(invoices.providerRef, invoice.ref)));
  if (known) return false;
  const userId = await userOfCustomer(tx, provider, invoice.customerRef);
  if (userId === null) return false;
  const [user] = await tx
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return false;

  const paidAt = invoice.paidAt ?? now();
  const { year } = parisWallClock(paidAt);
  const [counter] = await rowsOf<{ last: number }>(
    tx,
    sql`insert into invoice_counters (year, last) values (${year}, 1)
      on conflict (year) do update set last = invoice_counters.last + 1
      returning last`,
  );
  const number = `F-${year}-${String(counter!.last).padStart(6, '0')}`;
  await tx.insert(invoices).values({
    number,
    userId,
    provider: provider.name,
    providerRef: invoice.ref,
    planId: invoice.planId,
    interval: invoice.interval,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    lines: invoice.lines,
    amountHt: invoice.amountHt,
    vatAmount: invoice.vatAmount,
    amountTtc: invoice.amountTtc,
    currency: invoice.currency,
    paidAt,
    paymentMethod: invoice.paymentMethod,
    buyer: {
      name: invoice.buyer.name || `${user.firstName} ${user.lastName}`.trim(),
      address: invoice.buyer.address,
      company: invoice.buyer.company,
      vatNumber: invoice.buyer.vatNumber,
      email: invoice.buyer.email ?? user.email,
    },
    hostedUrl: invoice.hostedUrl,
  });
  return true;
}
