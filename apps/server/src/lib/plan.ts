/**
 * The plan that applies to a user now, and the refusal when it does not allow one more (issue 20).
 * The limits themselves are `plans` in `@closia/shared`; the subscription is the row the billing
 * webhooks keep (`modules/billing`). Features call `requireWithinPlan` before a write that adds
 * what a limit counts; data already above a limit (after a downgrade) stays readable.
 */
import {
  AppError,
  errorCodes,
  PAST_DUE_GRACE_DAYS,
  type PlanId,
  type PlanLimit,
  planAllows,
  planLimitMessage,
  plans,
  planThatLifts,
} from '@closia/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { subscriptions } from '../db/schema';
import { now } from './clock';

const DAY_MS = 86_400_000;

/** What `planOf` needs of a subscription row. */
export type SubscriptionState = Pick<
  typeof subscriptions.$inferSelect,
  'planId' | 'status' | 'pastDueSince' | 'currentPeriodEnd' | 'provider'
>;

/** When a past-due subscription falls back to Gratuit (null: it is not past due). */
export function graceEndsAt(sub: SubscriptionState): Date | null {
  if (sub.status !== 'past_due') return null;
  return new Date((sub.pastDueSince ?? sub.currentPeriodEnd).getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
}

/** The plan a subscription gives at `at`: its own while active or within the grace period, else Gratuit. */
export function planGiven(sub: SubscriptionState | null | undefined, at: Date = now()): PlanId {
  if (!sub) return 'gratuit';
  // An admin's grant ends at its date (nobody renews it); a provider's period is renewed by its webhooks.
  if (sub.provider === 'manual' && sub.currentPeriodEnd <= at) return 'gratuit';
  if (sub.status === 'active') return sub.planId;
  if (sub.status === 'past_due' && at < graceEndsAt(sub)!) return sub.planId;
  return 'gratuit';
}

/** The plan that applies to the user now. */
export async function planOf(db: DbOrTx, userId: number): Promise<PlanId> {
  const [sub] = await db
    .select({
      planId: subscriptions.planId,
      status: subscriptions.status,
      pastDueSince: subscriptions.pastDueSince,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      provider: subscriptions.provider,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return planGiven(sub);
}

/** The 402 `E_PLAN_LIMIT` envelope: the French sentence names the limit and the plan that lifts it. */
export function planLimitError(planId: PlanId, limit: PlanLimit, current: number): AppError {
  const upgradeTo = planThatLifts(planId, limit, current);
  return new AppError(
    402,
    errorCodes.planLimit,
    planLimitMessage(planId, limit, upgradeTo),
    undefined,
    undefined,
    {
      limit,
      current,
      max: plans[planId].limits[limit],
      planId,
      upgradeTo,
    },
  );
}

/**
 * Refuses (402) unless the user's plan allows one more of `limit`, `current` being how many there
 * are before the write. Call it in the write's transaction, after counting there.
 */
export async function requireWithinPlan(
  db: DbOrTx,
  userId: number,
  limit: PlanLimit,
  current: number,
): Promise<void> {
  const planId = await planOf(db, userId);
  if (!planAllows(planId, limit, current)) throw planLimitError(planId, limit, current);
}
