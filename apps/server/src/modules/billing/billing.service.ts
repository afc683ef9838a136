/**
 * Plans and payment as a user sees them (issue 20): the plans, my plan and my usage, a checkout,
 * the provider's portal, my invoices. What the provider tells us arrives by the webhook
 * (`webhook.service.ts`); the plan that applies is read from the `subscriptions` row it keeps.
 */
import {
  BILLING_SETTINGS_PATH,
  type BillingInterval,
  type BillingResponse,
  type CheckoutBody,
  type InvoiceResponse,
  type PlanLimit,
  type PlanResponse,
  planLimitNames,
  planList,
  planPrice,
  plans,
} from '@closia/shared';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { billingCustomers, checkoutSessions, invoices, subscriptions, teams, users } from '../../db/schema';
import { now } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import { graceEndsAt, planGiven } from '../../lib/plan';
import { teamSeats, usageOf } from '../../lib/plan-usage';
import type { PaidPlanId, PaymentProvider } from './provider';

/** A double click, or a second tab within this delay, reopens the same checkout page. */
const REUSE_OPEN_CHECKOUT_MS = 10 * 60_000;

export function presentPlans(): PlanResponse[] {
  return planList.map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    features: plan.features,
    highlighted: plan.highlighted,
    limits: plan.limits,
    prices: { month: planPrice(plan.id, 'month'), year: planPrice(plan.id, 'year') },
  }));
}

/**
 * How much of each limit the user uses now, counted as the limits count (`lib/plan-usage.ts`);
 * team seats: the fullest team the user created.
 */
export async function usageOfAll(db: DbOrTx, userId: number): Promise<Record<PlanLimit, number>> {
  const created = await db.select({ id: teams.id }).from(teams).where(eq(teams.createdById, userId));
  const teamIds = created.map((team) => team.id);
  const [publishedMissions, prospects, advertisements, teamsCount, paidWebinars, seats, extra] =
    await Promise.all([
      usageOf(db, userId, 'publishedMissions'),
      usageOf(db, userId, 'prospects'),
      usageOf(db, userId, 'advertisements'),
      usageOf(db, userId, 'teams'),
      usageOf(db, userId, 'paidWebinars'),
      Promise.all(teamIds.map((id) => teamSeats(db, id))),
      rowsOf<{ shared: number }>(
        db,
        sql`select (select count(*)::int from deals where team_id = any(${sql.param(teamIds)}::int[])) as shared`,
      ),
    ]);
  return {
    publishedMissions,
    prospects,
    advertisements,
    paidWebinars,
    teams: teamsCount,
    teamMembers: Math.max(0, ...seats),
    sharedPipeline: extra[0]?.shared ?? 0,
  };
}

export async function getBilling(
  db: DbOrTx,
  provider: PaymentProvider,
  userId: number,
): Promise<BillingResponse> {
  const [[sub], usage] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    usageOfAll(db, userId),
  ]);
  const planId = planGiven(sub);
  const grantOver = sub?.provider === 'manual' && sub.currentPeriodEnd <= now();
  const live = sub && sub.status !== 'canceled' && !grantOver ? sub : null;
  return {
    planId,
    subscribedPlanId: live?.planId ?? null,
    interval: live?.interval ?? null,
    status: sub?.status ?? null,
    provider: provider.name,
    granted: live?.provider === 'manual',
    currentPeriodEnd: live?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: live?.cancelAtPeriodEnd ?? false,
    graceEndsAt: sub ? (graceEndsAt(sub)?.toISOString() ?? null) : null,
    usage: planLimitNames.map((limit) => ({
      limit,
      current: usage[limit],
      max: plans[planId].limits[limit],
    })),
  };
}

/** The user's customer at the provider, created at their first checkout and reused after. */
async function customerRefOf(db: DbOrTx, provider: PaymentProvider, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ ref: billingCustomers.customerRef })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider.name)));
  return row?.ref ?? null;
}

/**
 * Opens a checkout for a paid plan. A subscriber changes plan in the portal instead (409), as
 * Stripe advises: two subscriptions would bill twice.
 */
export async function startCheckout(
  db: DbOrTx,
  provider: PaymentProvider,
  userId: number,
  body: CheckoutBody,
  appUrl: string,
): Promise<{ url: string; sessionId: string }> {
  if (body.planId === 'gratuit') {
    throw conflict('The free plan needs no payment', 'NO_SUBSCRIPTION');
  }
  const planId: PaidPlanId = body.planId;
  const [sub] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (sub && sub.status !== 'canceled' && sub.status !== 'incomplete') {
    throw conflict('Already subscribed: change plan in the portal', 'ALREADY_SUBSCRIBED');
  }
  const since = new Date(Date.now() - REUSE_OPEN_CHECKOUT_MS);
  const [open] = await db
    .select({ id: checkoutSessions.id, url: checkoutSessions.url })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.provider, provider.name),
        eq(checkoutSessions.planId, planId),
        eq(checkoutSessions.interval, body.interval),
        eq(checkoutSessions.status, 'open'),
        gt(checkoutSessions.createdAt, since),
        gt(checkoutSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  if (open) return { url: open.url, sessionId: open.id };

  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const customerRef = await customerRefOf(db, provider, userId);
  const created = await provider.createCheckout({
    userId,
    email: user.email,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    customerRef,
    planId,
    interval: body.interval,
    successUrl: `${appUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}/payment/${planId}?interval=${body.interval}`,
    idempotencyKey: `checkout-${userId}-${planId}-${body.interval}-${Math.floor(Date.now() / REUSE_OPEN_CHECKOUT_MS)}`,
  });
  await db.transaction(async (tx) => {
    // A first customer, or a replacement for one deleted in the provider's dashboard.
    if (created.customerRef !== customerRef) {
      await tx
        .insert(billingCustomers)
        .values({ userId, provider: provider.name, customerRef: created.customerRef })
        .onConflictDoUpdate({
          target: [billingCustomers.userId, billingCustomers.provider],
          set: { customerRef: created.customerRef, updatedAt: new Date() },
        });
    }
    await tx.insert(checkoutSessions).values({
      id: created.id,
      userId,
      provider: provider.name,
      planId,
      interval: body.interval,
      url: created.url,
      expiresAt: created.expiresAt,
    });
  });
  return { url: created.url, sessionId: created.id };
}

export async function openPortal(
  db: DbOrTx,
  provider: PaymentProvider,
  userId: number,
  appUrl: string,
): Promise<{ url: string }> {
  const customerRef = await customerRefOf(db, provider, userId);
  if (!customerRef) throw conflict('No subscription to manage', 'NO_SUBSCRIPTION');
  return provider.createPortal(customerRef, `${appUrl}${BILLING_SETTINGS_PATH}`);
}

const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  planId: invoices.planId,
  interval: invoices.interval,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  amountHt: invoices.amountHt,
  vatAmount: invoices.vatAmount,
  amountTtc: invoices.amountTtc,
  currency: invoices.currency,
  paidAt: invoices.paidAt,
  paymentMethod: invoices.paymentMethod,
  hostedUrl: invoices.hostedUrl,
};

export async function listInvoices(
  db: DbOrTx,
  userId: number,
  query: PaginationQuery,
): Promise<{ data: InvoiceResponse[]; meta: ReturnType<typeof paginationMeta> }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(invoiceColumns)
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.paidAt), desc(invoices.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId)),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      periodStart: row.periodStart.toISOString(),
      periodEnd: row.periodEnd.toISOString(),
      paidAt: row.paidAt.toISOString(),
      pdfUrl: `/api/v1/billing/invoices/${row.id}.pdf`,
    })),
    meta: paginationMeta(total?.n ?? 0, query),
  };
}

/** One of my invoices, whole (another user's is 404). */
export async function myInvoice(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  if (!row) throw notFound('Invoice');
  return row;
}

/** "Abonnement Pro — mensuel" */
export function subscriptionLabel(planId: PaidPlanId, interval: BillingInterval): string {
  return `Abonnement ${plans[planId].name} — ${interval === 'year' ? 'annuel' : 'mensuel'}`;
}
