import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  commissionCents,
  eurosToCents,
  presentedStatus,
  rateBasisPoints,
  splitCommission,
  splitInstalments,
  sumLines,
  winLines,
} from './ledger';

describe('commission of a sale', () => {
  it('reads the rate as basis points and rounds half-up to the cent', () => {
    expect(rateBasisPoints(20)).toBe(2000);
    expect(rateBasisPoints(12.5)).toBe(1250);
    expect(rateBasisPoints(33.33)).toBe(3333);
    expect(commissionCents(249_700, 20)).toBe(49_940);
    // 1 005 cents × 12.5 % = 125.625 → 126; 1 004 × 12.5 % = 125.5 → 126 (half-up); 1 003 → 125.375 → 125.
    expect(commissionCents(1_005, 12.5)).toBe(126);
    expect(commissionCents(1_004, 12.5)).toBe(126);
    expect(commissionCents(1_003, 12.5)).toBe(125);
    expect(commissionCents(99_999, 33.33)).toBe(33_330);
    // Past 2^53 in the intermediate product, still exact.
    expect(commissionCents(999_999_999_999, 99.99)).toBe(999_899_999_999);
  });

  it('turns euros into cents without float drift', () => {
    expect(eurosToCents(0.29)).toBe(29);
    expect(eurosToCents(1490.5)).toBe(149_050);
    expect(eurosToCents(19.99)).toBe(1_999);
  });
});

describe('splitting a commission', () => {
  const base = { ownerId: 2, setterId: 1, payerId: 9, setterSharePercent: 30 };

  it('gives the setter 30 % rounded half-up and the closer the rest, to the cent', () => {
    expect(splitCommission({ ...base, commissionCents: 1_001 })).toEqual([
      { beneficiaryId: 1, role: 'setter', cents: 300 },
      { beneficiaryId: 2, role: 'closer', cents: 701 },
    ]);
    // 30 % of 1 005 = 301.5 → 302 for the setter.
    expect(splitCommission({ ...base, commissionCents: 1_005 }).map((s) => s.cents)).toEqual([302, 703]);
  });

  it('follows a custom split and leaves out empty shares', () => {
    expect(splitCommission({ ...base, commissionCents: 10_000, setterSharePercent: 45 })).toEqual([
      { beneficiaryId: 1, role: 'setter', cents: 4_500 },
      { beneficiaryId: 2, role: 'closer', cents: 5_500 },
    ]);
    expect(splitCommission({ ...base, commissionCents: 10_000, setterSharePercent: 0 })).toEqual([
      { beneficiaryId: 2, role: 'closer', cents: 10_000 },
    ]);
    expect(splitCommission({ ...base, commissionCents: 10_000, setterSharePercent: 100 })).toEqual([
      { beneficiaryId: 1, role: 'setter', cents: 10_000 },
    ]);
  });

  it('pays a lone seller 100 %, and nobody by themselves', () => {
    expect(splitCommission({ ...base, setterId: null, commissionCents: 4_321 })).toEqual([
      { beneficiaryId: 2, role: 'seller', cents: 4_321 },
    ]);
    expect(splitCommission({ ...base, setterId: null, payerId: 2, commissionCents: 4_321 })).toEqual([]);
    expect(splitCommission({ ...base, setterId: 9, commissionCents: 1_000 })).toEqual([
      { beneficiaryId: 2, role: 'closer', cents: 700 },
    ]);
  });

  it('never loses or invents a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        (cents, pct) => {
          const shares = splitCommission({ ...base, commissionCents: cents, setterSharePercent: pct });
          expect(shares.reduce((sum, s) => sum + s.cents, 0)).toBe(cents);
        },
      ),
    );
  });
});

describe('instalments', () => {
  it('sum exactly to the share, the remainder cents on the first', () => {
    expect(splitInstalments(1_000, 3)).toEqual([334, 333, 333]);
    expect(splitInstalments(1_001, 3)).toEqual([335, 333, 333]);
    expect(splitInstalments(999, 1)).toEqual([999]);
    expect(splitInstalments(2, 3)).toEqual([1, 1]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000_000 }), fc.integer({ min: 1, max: 12 }), (cents, n) => {
        const parts = splitInstalments(cents, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(cents);
        expect(parts.every((p) => p > 0 && p <= parts[0]!)).toBe(true);
      }),
    );
  });

  it('fall due month after month, the day clamped to the month’s end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-05-10', 0)).toBe('2026-05-10');
  });

  it('a win writes one line per beneficiary and instalment, the first due on the win day', () => {
    const lines = winLines({
      amountCents: 100_005,
      commissionRate: 20,
      ownerId: 2,
      setterId: 1,
      payerId: 9,
      setterSharePercent: 30,
      instalments: 3,
      winDay: '2026-01-31',
    });
    // Commission 20 001 cents: setter 6 000 (30 % of 20 001 = 6 000.3), closer 14 001.
    expect(lines).toEqual([
      {
        beneficiaryId: 1,
        role: 'setter',
        instalment: 1,
        instalments: 3,
        amountCents: 2_000,
        dueOn: '2026-01-31',
      },
      {
        beneficiaryId: 1,
        role: 'setter',
        instalment: 2,
        instalments: 3,
        amountCents: 2_000,
        dueOn: '2026-02-28',
      },
      {
        beneficiaryId: 1,
        role: 'setter',
        instalment: 3,
        instalments: 3,
        amountCents: 2_000,
        dueOn: '2026-03-31',
      },
      {
        beneficiaryId: 2,
        role: 'closer',
        instalment: 1,
        instalments: 3,
        amountCents: 4_667,
        dueOn: '2026-01-31',
      },
      {
        beneficiaryId: 2,
        role: 'closer',
        instalment: 2,
        instalments: 3,
        amountCents: 4_667,
        dueOn: '2026-02-28',
      },
      {
        beneficiaryId: 2,
        role: 'closer',
        instalment: 3,
        instalments: 3,
        amountCents: 4_667,
        dueOn: '2026-03-31',
      },
    ]);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(20_001);
  });
});

describe('reading the ledger', () => {
  it('answers a pending line whose due date has come as due', () => {
    expect(presentedStatus('pending', '2026-03-01', '2026-03-01')).toBe('due');
    expect(presentedStatus('pending', '2026-03-02', '2026-03-01')).toBe('pending');
    expect(presentedStatus('paid', '2026-01-01', '2026-03-01')).toBe('paid');
    expect(presentedStatus('clawed_back', '2026-01-01', '2026-03-01')).toBe('clawed_back');
  });

  it('keeps the sums right through a refund after a partial payment', () => {
    const day = '2026-02-15';
    // 3 instalments of 1 000 cents; the first paid, then the sale refunded.
    const refunded = [
      { amountCents: 1_000, status: 'paid', dueOn: '2026-01-15' },
      { amountCents: 1_000, status: 'clawed_back', dueOn: '2026-02-15' },
      { amountCents: 1_000, status: 'clawed_back', dueOn: '2026-03-15' },
      { amountCents: -1_000, status: 'clawed_back', dueOn: '2026-02-15' },
    ];
    expect(sumLines(refunded, day)).toEqual({
      earnedCents: 3_000,
      pendingCents: 0,
      dueCents: 0,
      paidCents: 1_000,
      clawedBackCents: 3_000,
      netCents: 0,
      balanceCents: -1_000,
    });
    const running = [
      { amountCents: 1_000, status: 'paid', dueOn: '2026-01-15' },
      { amountCents: 1_000, status: 'pending', dueOn: '2026-02-15' },
      { amountCents: 1_000, status: 'pending', dueOn: '2026-03-15' },
    ];
    expect(sumLines(running, day)).toEqual({
      earnedCents: 3_000,
      pendingCents: 1_000,
      dueCents: 1_000,
      paidCents: 1_000,
      clawedBackCents: 0,
      netCents: 3_000,
      balanceCents: 2_000,
    });
  });
});
