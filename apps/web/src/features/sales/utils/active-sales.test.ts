import { describe, expect, it } from 'vitest';
import { daysOverdue, daysUntilClose, sortActiveDeals } from './active-sales';
import { dealFixture } from './deal-fixture';

const TODAY = '2025-03-10';

describe('overdue', () => {
  it('counts the whole days past the expected close date', () => {
    expect(daysOverdue(dealFixture({ expectedCloseDate: '2025-03-07' }), TODAY)).toBe(3);
    expect(daysOverdue(dealFixture({ expectedCloseDate: '2025-03-10' }), TODAY)).toBe(0);
    expect(daysOverdue(dealFixture({ expectedCloseDate: '2025-03-12' }), TODAY)).toBe(0);
    expect(daysOverdue(dealFixture({ expectedCloseDate: null }), TODAY)).toBe(0);
    // Across months and the change to summer time.
    expect(daysOverdue(dealFixture({ expectedCloseDate: '2025-02-28' }), '2025-04-01')).toBe(32);
  });
  it('counts the days left, negative when late', () => {
    expect(daysUntilClose(dealFixture({ expectedCloseDate: '2025-03-17' }), TODAY)).toBe(7);
    expect(daysUntilClose(dealFixture({ expectedCloseDate: '2025-03-08' }), TODAY)).toBe(-2);
    expect(daysUntilClose(dealFixture({ expectedCloseDate: null }), TODAY)).toBeNull();
  });
});

describe('sortActiveDeals', () => {
  it('puts the overdue first (most overdue on top), then the coming ones, then those without a date', () => {
    const deals = [
      dealFixture({ id: 1, title: 'Sans date', expectedCloseDate: null }),
      dealFixture({ id: 2, title: 'Dans une semaine', expectedCloseDate: '2025-03-17' }),
      dealFixture({ id: 3, title: 'En retard de 2 jours', expectedCloseDate: '2025-03-08' }),
      dealFixture({ id: 4, title: 'Aujourd’hui', expectedCloseDate: '2025-03-10' }),
      dealFixture({ id: 5, title: 'En retard de 20 jours', expectedCloseDate: '2025-02-18' }),
      dealFixture({ id: 6, title: 'Demain', expectedCloseDate: '2025-03-11' }),
    ];
    expect(sortActiveDeals(deals, TODAY).map((deal) => deal.id)).toEqual([5, 3, 4, 6, 2, 1]);
  });

  it('leaves out won and lost deals, and does not reorder its input', () => {
    const deals = [
      dealFixture({ id: 1, status: 'Closed', expectedCloseDate: '2025-01-01' }),
      dealFixture({ id: 2, status: 'Lost', expectedCloseDate: '2025-01-02' }),
      dealFixture({ id: 3, status: 'Role', expectedCloseDate: '2025-04-01' }),
      dealFixture({ id: 4, status: 'Closing', expectedCloseDate: '2025-03-01' }),
    ];
    expect(sortActiveDeals(deals, TODAY).map((deal) => deal.id)).toEqual([4, 3]);
    expect(deals.map((deal) => deal.id)).toEqual([1, 2, 3, 4]);
  });

  it('breaks ties by title, then id', () => {
    const deals = [
      dealFixture({ id: 3, title: 'Béatrice', expectedCloseDate: '2025-03-15' }),
      dealFixture({ id: 1, title: 'Alice', expectedCloseDate: '2025-03-15' }),
      dealFixture({ id: 2, title: 'Alice', expectedCloseDate: '2025-03-15' }),
    ];
    expect(sortActiveDeals(deals, TODAY).map((deal) => deal.id)).toEqual([1, 2, 3]);
  });
});
