import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';
import { planLimitRefusal, planLimitStore } from './plan-limit';
import { queryClient } from './query-client';

const message = 'Votre offre Gratuit permet 1 mission publiée. Passez à l’offre Pro pour aller au-delà.';
const refused = (meta: Record<string, unknown>) => new ApiError(402, { code: 'E_PLAN_LIMIT', message, meta });

describe('planLimitRefusal', () => {
  it('reads the server’s sentence and the plan that lifts the limit', () => {
    const error = refused({
      limit: 'publishedMissions',
      current: 1,
      max: 1,
      planId: 'gratuit',
      upgradeTo: 'pro',
    });
    expect(planLimitRefusal(error)).toEqual({ message, upgradeTo: 'pro' });
    expect(errorMessage(error)).toBe(message);
  });

  it('has no plan to offer when none lifts it', () => {
    expect(planLimitRefusal(refused({ upgradeTo: null }))?.upgradeTo).toBeNull();
    expect(planLimitRefusal(refused({}))?.upgradeTo).toBeNull();
  });

  it('is null for any other failure', () => {
    expect(
      planLimitRefusal(new ApiError(402, { code: 'E_PAYMENT_DECLINED', message: 'Declined' })),
    ).toBeNull();
    expect(planLimitRefusal(new Error('boom'))).toBeNull();
  });
});

describe('a mutation refused by the plan', () => {
  it('opens the upgrade dialog, even when the page shows its errors itself', async () => {
    const listener = vi.fn();
    const unsubscribe = planLimitStore.subscribe(listener);
    const mutation = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () => Promise.reject(refused({ upgradeTo: 'equipe' })),
      meta: { handlesError: true },
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(planLimitStore.get()).toEqual({ message, upgradeTo: 'equipe' });
    planLimitStore.close();
    expect(planLimitStore.get()).toBeNull();
    unsubscribe();
  });
});
