import { describe, expect, it } from 'vitest';
import { commissionPeriodOf, instalmentText, isPayable } from './commissions';
import { dealFixture } from './deal-fixture';

describe('commissions', () => {
  it('covers a won deal’s instalments, from its win to a year later', () => {
    const deal = dealFixture({ status: 'Closed', closedAt: '2025-03-10T10:00:00.000Z' });
    expect(commissionPeriodOf(deal)).toEqual({ from: '2025-03-09', to: '2026-03-31' });
  });

  it('reaches the refund when it came later (the claw-back lines are dated then), at most five years', () => {
    const refunded = dealFixture({
      status: 'Closed',
      closedAt: '2025-03-10T10:00:00.000Z',
      refundedAt: '2026-06-01T10:00:00.000Z',
    });
    expect(commissionPeriodOf(refunded)?.to).toBe('2026-06-02');
    const late = dealFixture({
      status: 'Closed',
      closedAt: '2020-01-10T10:00:00.000Z',
      refundedAt: '2030-01-01T10:00:00.000Z',
    });
    expect(commissionPeriodOf(late)).toEqual({ from: '2020-01-09', to: '2025-01-12' });
  });

  it('has no period for a deal never won', () => {
    expect(commissionPeriodOf(dealFixture())).toBeNull();
    expect(
      commissionPeriodOf(dealFixture({ status: 'Lost', closedAt: '2025-03-10T10:00:00.000Z' })),
    ).toBeNull();
  });

  it('lets the payer mark pending and due lines paid only', () => {
    expect(isPayable({ status: 'pending' })).toBe(true);
    expect(isPayable({ status: 'due' })).toBe(true);
    expect(isPayable({ status: 'paid' })).toBe(false);
    expect(isPayable({ status: 'clawed_back' })).toBe(false);
  });

  it('names the instalment of several', () => {
    expect(instalmentText({ instalment: 2, instalments: 3 })).toBe('Échéance 2/3');
    expect(instalmentText({ instalment: 1, instalments: 1 })).toBe('');
  });
});
