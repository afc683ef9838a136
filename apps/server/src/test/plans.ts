/**
 * Tests: give a user a plan by writing the subscription row the billing webhooks would keep
 * (sandbox provider, active for a month from now). `overrides` set the status, the grace period's
 * start (`pastDueSince`) or the period, to test what a past-due or canceled subscription gives.
 */
import type { PlanId } from '@closia/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { subscriptions } from '../db/schema';

const MONTH_MS = 30 * 86_400_000;

export type SubscriptionOverrides = Partial<
  Omit<typeof subscriptions.$inferInsert, 'id' | 'userId' | 'planId'>
>;

/** Puts the user on `planId` ('gratuit': removes their subscription). */
export async function givePlan(
  db: DbOrTx,
  userId: number,
  planId: PlanId,
  overrides: SubscriptionOverrides = {},
): Promise<void> {
  if (planId === 'gratuit') {
    await db.delete(subscriptions).where(eq(subscriptions.userId, userId));
    return;
  }
  const start = new Date();
  const values = {
    userId,
    planId,
    interval: 'month' as const,
    status: 'active' as const,
    provider: 'sandbox' as const,
    providerRef: `sub_test_${userId}`,
    customerRef: `cus_test_${userId}`,
    currentPeriodStart: start,
    currentPeriodEnd: new Date(start.getTime() + MONTH_MS),
    cancelAtPeriodEnd: false,
    pastDueSince: null,
    canceledAt: null,
    providerUpdatedAt: start,
    ...overrides,
  };
  const { userId: _user, ...update } = values;
  await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({ target: subscriptions.userId, set: update });
}
