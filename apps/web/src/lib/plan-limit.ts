import { isApiError } from './api-client';

/** A write refused by the plan (402 `E_PLAN_LIMIT`): the server's French sentence and the plan that lifts it. */
export interface PlanLimitRefusal {
  message: string;
  /** The plan's id as the server gave it (the dialog checks it against the plan table). */
  upgradeTo: string | null;
}

/** The refusal of a failed call, or null when it is not a plan limit. */
export function planLimitRefusal(error: unknown): PlanLimitRefusal | null {
  if (!isApiError(error) || error.code !== 'E_PLAN_LIMIT') return null;
  const upgradeTo = error.meta?.upgradeTo;
  return {
    message: error.message,
    upgradeTo: typeof upgradeTo === 'string' ? upgradeTo : null,
  };
}

/*
 * Nothing from `@closia/shared` here: this file is in the data layer's chunk, on every first load.
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
