import { type PlanId, planIds } from '@closia/shared';
import { isApiError, isPlanLimit } from '../../../lib/api-client';

/** A write refused by the plan (402 `E_PLAN_LIMIT`): the server's French sentence and the plan that lifts it. */
export interface PlanLimitRefusal {
  message: string;
  upgradeTo: PlanId | null;
}

/** The refusal of a failed call, or null when it is not a plan limit. */
export function planLimitRefusal(error: unknown): PlanLimitRefusal | null {
  if (!isApiError(error) || !isPlanLimit(error)) return null;
  const upgradeTo = planIds.find((id) => id === error.meta?.upgradeTo) ?? null;
  return { message: error.message, upgradeTo };
}
