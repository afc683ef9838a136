import { type PlanId, planIds } from '@closia/shared';

/*
 * The plan a checkout was opened for, kept in the tab while the browser visits the payment page
 * (Stripe's or the sandbox's): the success page then knows which plan to wait for.
 */
const KEY = 'closia:checkout';

export function rememberCheckout(sessionId: string, planId: PlanId): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ sessionId, planId }));
  } catch {
    // Storage refused (private mode): the success page then waits for any paid plan.
  }
}

/** The plan of that checkout session, if this tab opened it. */
export function checkoutPlan(sessionId: string | null): PlanId | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      sessionId?: unknown;
      planId?: unknown;
    };
    if (!saved || (sessionId && saved.sessionId !== sessionId)) return null;
    return (planIds as readonly unknown[]).includes(saved.planId) ? (saved.planId as PlanId) : null;
  } catch {
    return null;
  }
}
