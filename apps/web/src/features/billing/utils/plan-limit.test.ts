import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { planLimitRefusal } from './plan-limit';

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
    // A page that shows the failure itself words it the same way.
    expect(errorMessage(error)).toBe(message);
  });

  it('has no plan to offer when none lifts the limit, or the server names an unknown one', () => {
    expect(planLimitRefusal(refused({ upgradeTo: null }))?.upgradeTo).toBeNull();
    expect(planLimitRefusal(refused({}))?.upgradeTo).toBeNull();
    expect(planLimitRefusal(refused({ upgradeTo: 'platine' }))?.upgradeTo).toBeNull();
  });

  it('is null for any other failure', () => {
    expect(
      planLimitRefusal(new ApiError(402, { code: 'E_PAYMENT_DECLINED', message: 'Declined' })),
    ).toBeNull();
    expect(planLimitRefusal(new Error('boom'))).toBeNull();
  });
});

describe('the billing page’s address', () => {
  it('is the one the server’s mails and notifications link to', async () => {
    const { BILLING_SETTINGS_PATH } = await import('@closia/shared');
    const { paths } = await import('../../../config/paths');
    expect(paths.dashboard.billing).toBe(BILLING_SETTINGS_PATH);
  });
});
