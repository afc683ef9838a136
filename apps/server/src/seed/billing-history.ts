/**
 * A demo subscription with its history, as the sandbox provider would have left it: the customer,
 * the subscription and its paid invoices on the sandbox's side, and on ours the subscription row
 * and the numbered invoices — so that « Abonnement et factures » shows a living account.
 */
import type { BillingInterval } from '@closia/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { billingCustomers, subscriptions, users } from '../db/schema';
import type { PaidPlanId } from '../modules/billing/provider';
import { invoiceOf, periodLine } from '../modules/billing/sandbox.service';
import {
  type SandboxCustomer,
  type SandboxSubscription,
  sandboxStore,
  unix,
} from '../modules/billing/sandbox-provider';
import { recordInvoice } from '../modules/billing/webhook.service';

const DAY_MS = 86_400_000;

export interface DemoSubscription {
  email: string;
  planId: PaidPlanId;
  interval: BillingInterval;
  /** Paid periods so far (the first at checkout, then renewals); the last one runs at `now`. */
  paidPeriods: number;
  identity: { name: string; address: string; company: string | null; vatNumber: string | null };
}

/** Creates the subscription and its paid invoices once (false when the user already has one). */
export async function seedDemoSubscription(db: Db, demo: DemoSubscription, now: Date): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, demo.email));
  if (!user) return false;
  const [existing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  if (existing) return false;

  // The periods, back from the one that runs now (it started ten days ago). Whole 30-day months
  // (365-day years): the demo's dates move by an exact shift at a first start, which calendar
  // months would not survive; renewals then follow the calendar as Stripe's do.
  const length = (demo.interval === 'year' ? 365 : 30) * DAY_MS;
  const currentStart = now.getTime() - 10 * DAY_MS;
  const periods = Array.from({ length: demo.paidPeriods }, (_, i) => {
    const start = currentStart - (demo.paidPeriods - 1 - i) * length;
    return { start: new Date(start), end: new Date(start + length) };
  });
  const current = periods.at(-1)!;

  await db.transaction(async (tx) => {
    const customer: SandboxCustomer = {
      id: `cus_sbx_demo_${user.id}`,
      object: 'customer',
      email: user.email,
      name: demo.identity.name,
      address: demo.identity.address,
      company: demo.identity.company,
      vat_number: demo.identity.vatNumber,
      credit: 0,
      card: { brand: 'Visa', last4: '4242' },
      metadata: { userId: String(user.id) },
    };
    const sub: SandboxSubscription = {
      id: `sub_sbx_demo_${user.id}`,
      object: 'subscription',
      customer: customer.id,
      status: 'active',
      current_period_start: unix(periods[0]!.start),
      current_period_end: unix(periods[0]!.end),
      cancel_at_period_end: false,
      canceled_at: null,
      created: unix(periods[0]!.start),
      metadata: { userId: String(user.id), planId: demo.planId, interval: demo.interval },
    };
    await sandboxStore.put(tx, customer);
    await tx.insert(billingCustomers).values({
      userId: user.id,
      provider: 'sandbox',
      customerRef: customer.id,
      identity: { ...demo.identity, email: user.email },
    });
    for (const [index, period] of periods.entries()) {
      sub.current_period_start = unix(period.start);
      sub.current_period_end = unix(period.end);
      const invoice = invoiceOf(
        customer,
        sub,
        index === 0 ? 'subscription_create' : 'subscription_cycle',
        [periodLine(demo.planId, demo.interval)],
        true,
      );
      invoice.id = `in_sbx_demo_${user.id}_${index + 1}`;
      invoice.paid_at = unix(period.start);
      await sandboxStore.put(tx, invoice);
      await recordInvoice(
        tx,
        { name: 'sandbox' },
        {
          ref: invoice.id,
          customerRef: customer.id,
          subscriptionRef: sub.id,
          status: 'paid',
          planId: demo.planId,
          interval: demo.interval,
          periodStart: period.start,
          periodEnd: period.end,
          lines: invoice.lines,
          amountHt: invoice.subtotal,
          vatAmount: invoice.tax,
          amountTtc: invoice.total,
          currency: 'EUR',
          paidAt: period.start,
          paymentMethod: invoice.payment_method,
          buyer: { ...demo.identity, email: user.email },
          hostedUrl: null,
        },
      );
    }
    await sandboxStore.put(tx, sub);
    await tx.insert(subscriptions).values({
      userId: user.id,
      planId: demo.planId,
      interval: demo.interval,
      status: 'active',
      provider: 'sandbox',
      providerRef: sub.id,
      customerRef: customer.id,
      currentPeriodStart: current.start,
      currentPeriodEnd: current.end,
      providerUpdatedAt: now,
      createdAt: periods[0]!.start,
    });
  });
  return true;
}
