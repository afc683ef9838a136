import type { BillingResponse } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { isCheckoutConfirmed } from './confirmation';

const billing = (patch: Partial<BillingResponse>): BillingResponse => ({
  planId: 'gratuit',
  subscribedPlanId: null,
  interval: null,
  status: null,
  provider: 'sandbox',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  granted: false,
  usage: [],
  ...patch,
});

describe('isCheckoutConfirmed', () => {
  it('waits while the server has not seen the payment', () => {
    expect(isCheckoutConfirmed(undefined, 'pro')).toBe(false);
    expect(isCheckoutConfirmed(billing({}), 'pro')).toBe(false);
    expect(isCheckoutConfirmed(billing({ subscribedPlanId: 'pro', status: 'incomplete' }), 'pro')).toBe(
      false,
    );
  });

  it('confirms once the plan of the checkout is active', () => {
    const active = billing({ planId: 'pro', subscribedPlanId: 'pro', status: 'active', interval: 'month' });
    expect(isCheckoutConfirmed(active, 'pro')).toBe(true);
    expect(isCheckoutConfirmed(active, 'equipe')).toBe(false);
  });

  it('takes any active paid plan when the checkout’s plan is unknown', () => {
    expect(
      isCheckoutConfirmed(billing({ planId: 'equipe', subscribedPlanId: 'equipe', status: 'active' }), null),
    ).toBe(true);
    expect(isCheckoutConfirmed(billing({ status: 'active' }), null)).toBe(false);
  });

  it('does not confirm a payment that failed', () => {
    expect(
      isCheckoutConfirmed(billing({ planId: 'pro', subscribedPlanId: 'pro', status: 'past_due' }), 'pro'),
    ).toBe(false);
  });
});
