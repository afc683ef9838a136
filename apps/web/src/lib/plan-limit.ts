import { type PlanId, planIds } from '@closia/shared';
import { isApiError } from './api-client';

/** A write refused by the plan (402 `E_PLAN_LIMIT`): the server's French sentence and the plan that lifts it. */
export interface PlanLimitRefusal {
  message: string;
  upgradeTo: PlanId | null;
}

/** The refusal of a failed call, or null when it is not a plan limit. */
export function planLimitRefusal(error: unknown): PlanLimitRefusal | null {
  if (!isApiError(error) || error.code !== 'E_PLAN_LIMIT') return null;
  const upgradeTo = error.meta?.upgradeTo;
  return {
    message: error.message,
    upgradeTo: (planIds as readonly unknown[]).includes(upgradeTo) ? (upgradeTo as PlanId) : null,
  };
}

/*
 * The refusal the upgrade dialog shows: set by the query client when a mutation fails on a plan
 * limit, read by the dialog's host (app/data-provider.tsx), which loads the dialog only then.
 */
let current: PlanLimitRefusal | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const planLimitStore = {
  get: (): PlanLimitRefusal | null => current,
  show(refusal: PlanLimitRefusal) {
    current = refusal;
    emit();
  },
  close() {
    current = null;
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
