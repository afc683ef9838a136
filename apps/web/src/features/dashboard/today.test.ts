import type { DashboardToday } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { closeText, countText, dueText, formatLongDay, instalmentText, isDayClear } from './today';

const NBSP = '\u00a0';

describe('the day’s wording', () => {
  it('says when an activity is due, late ones first', () => {
    const now = new Date(2026, 10, 25, 15, 0);
    expect(dueText({ dueAt: new Date(2026, 10, 25, 17, 30).toISOString(), overdue: false }, now)).toBe(
      `Aujourd’hui à${NBSP}17:30`,
    );
    expect(dueText({ dueAt: new Date(2026, 10, 25, 9, 0).toISOString(), overdue: true }, now)).toBe(
      `En retard · aujourd’hui à${NBSP}09:00`,
    );
    expect(dueText({ dueAt: new Date(2026, 10, 23, 9, 0).toISOString(), overdue: true }, now)).toBe(
      `En retard · 23 nov. à${NBSP}09:00`,
    );
  });

  it('says when a deal should close', () => {
    expect(closeText('2026-11-25', '2026-11-25')).toBe('Clôture aujourd’hui');
    expect(closeText('2026-11-26', '2026-11-25')).toBe('Clôture demain');
    expect(closeText('2026-11-28', '2026-11-25')).toBe('Clôture sam. 28 nov.');
    expect(closeText('2026-11-23', '2026-11-25')).toBe('Clôture prévue le 23 nov.');
  });

  it('writes the day and the instalments', () => {
    expect(formatLongDay('2026-11-25')).toBe('Mercredi 25 novembre');
    expect(instalmentText({ instalment: 1, instalments: 1, dueOn: '2026-10-31' })).toBe(
      'échéance du 31 oct.',
    );
    expect(instalmentText({ instalment: 2, instalments: 3, dueOn: '2026-11-16' })).toBe(
      'échéance 2/3 du 16 nov.',
    );
  });

  it('counts in French', () => {
    expect(countText(1, 'vente')).toBe('1 vente');
    expect(countText(3, 'échéance')).toBe('3 échéances');
  });

  it('is clear when every list of the role is empty', () => {
    const empty = { total: 0, items: [] };
    const day: DashboardToday = {
      role: 'infopreneur',
      today: '2026-11-25',
      applications: empty,
      reviews: empty,
      commissions: { ...empty, amountCents: 0 },
    };
    expect(isDayClear(day)).toBe(true);
    expect(isDayClear({ ...day, reviews: { total: 1, items: [] } })).toBe(false);
  });
});
