/**
 * Billing for admins (issue 20 §4): the revenue at a glance, the subscriptions, and a plan granted
 * by hand (a partner, a refund made good), recorded in the audit log.
 */
import {
  type AdminBillingSummary,
  type AdminGrantBody,
  type AdminSubscriptionRow,
  type AdminSubscriptionsQuery,
  plans,
} from '@closia/shared';
import { and, count, desc, eq, gt, gte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { subscriptions, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { now } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { parisToUtc, parisWallClock } from '../../lib/paris-time';

/**
 * MRR: what the paying subscriptions bring each month, HT (a year counts a twelfth of its price);
 * admins' grants bring nothing. Past-due subscriptions count until they end.
 */
export async function billingSummary(db: DbOrTx): Promise<AdminBillingSummary> {
  const today = parisWallClock(now());
  const monthStart = parisToUtc(today.year, today.month, 1);
  const rows = await rowsOf<{
    plan_id: 'pro' | 'equipe';
    interval: 'month' | 'year';
    status: string;
    n: number;
  }>(
    db,
    sql`select plan_id, interval, status, count(*)::int as n from ${subscriptions}
        where provider <> 'manual' and status in ('active', 'past_due') group by 1, 2, 3`,
  );
  let mrrCents = 0;
  const activeByPlan = { pro: 0, equipe: 0 };
  let pastDue = 0;
  for (const row of rows) {
    const monthly = plans[row.plan_id].monthlyPriceCents;
    mrrCents += row.interval === 'year' ? Math.round((monthly * 10 * row.n) / 12) : monthly * row.n;
    activeByPlan[row.plan_id] += row.n;
    if (row.status === 'past_due') pastDue += row.n;
  }
  const [churned] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'canceled'), gte(subscriptions.canceledAt, monthStart)));
  const [granted] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'manual'), gt(subscriptions.currentPeriodEnd, now())));
  return {
    mrrCents,
    activeByPlan,
    churnedThisMonth: churned?.n ?? 0,
    failedPayments: pastDue,
    grants: granted?.n ?? 0,
  };
}

export async function listSubscriptions(
  db: DbOrTx,
  query: AdminSubscriptionsQuery,
): Promise<{ data: AdminSubscriptionRow[]; meta: ReturnType<typeof paginationMeta> }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(subscriptions.status, query.status));
  if (query.plan) filters.push(eq(subscriptions.planId, query.plan));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        userId: subscriptions.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        planId: subscriptions.planId,
        interval: subscriptions.interval,
        status: subscriptions.status,
        provider: subscriptions.provider,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        createdAt: subscriptions.createdAt,
      })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(where)
      .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(subscriptions).where(where),
  ]);
  return {
    data: rows.map(({ firstName, lastName, currentPeriodEnd, createdAt, ...row }) => ({
      ...row,
      fullName: `${firstName} ${lastName}`.trim(),
      currentPeriodEnd: currentPeriodEnd.toISOString(),
      createdAt: createdAt.toISOString(),
    })),
    meta: paginationMeta(total?.n ?? 0, query),
  };
}

/**
 * Gives a user a plan until a date, without payment. Refused over a paying subscription (it would
 * be billed and granted at once): cancel that one first.
 */
export async function grantPlan(
  db: Db,
  actor: { id: number; ip: string },
  body: AdminGrantBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
    if (!user) throw notFound('User');
    const [existing] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, body.userId))
      .for('update');
    if (existing && existing.provider !== 'manual' && existing.status !== 'canceled') {
      throw conflict('This user pays a subscription: cancel it first', 'ALREADY_SUBSCRIBED');
    }
    const until = new Date(body.until);
    const values = {
      userId: body.userId,
      planId: body.planId,
      interval: 'month' as const,
      status: 'active' as const,
      provider: 'manual' as const,
      providerRef: `grant_${body.userId}`,
      customerRef: 'manual',
      currentPeriodStart: now(),
      currentPeriodEnd: until,
      cancelAtPeriodEnd: true,
      pastDueSince: null,
      canceledAt: null,
      providerUpdatedAt: now(),
    };
    await tx
      .insert(subscriptions)
      .values(values)
      .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    await audit(tx, {
      actorId: actor.id,
      action: 'billing.grant',
      target: { kind: 'user', id: body.userId },
      reason: body.reason,
      before: existing
        ? { planId: existing.planId, status: existing.status, provider: existing.provider }
        : null,
      after: { planId: body.planId, until: until.toISOString() },
      ip: actor.ip,
    });
  });
}
