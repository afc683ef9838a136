import type { BillingResponse, PlanId } from '@closia/shared';

/** How often and how long the success page asks `GET /billing` whether the payment went through. */
export const CONFIRMATION_POLL_MS = 1_000;
export const CONFIRMATION_TIMEOUT_MS = 30_000;

/**
 * Whether the subscription a checkout paid for is active: the plan of that checkout when known,
 * else any paid plan. The redirect to the success page proves nothing; only the server's state does.
 */
export function isCheckoutConfirmed(billing: BillingResponse | undefined, expected: PlanId | null): boolean {
  if (billing?.status !== 'active') return false;
  if (expected) return billing.subscribedPlanId === expected && billing.planId === expected;
  return billing.planId !== 'gratuit';
}
