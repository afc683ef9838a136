import { describe, expect, it } from 'vitest';
import {
  commissionAmount,
  commissionText,
  countText,
  formatEuro,
  formatHours,
  formatPercent,
  formatRateOutOf10,
  formatYears,
  fromLocalInputValue,
  matchColor,
  toLocalInputValue,
} from './format';

/** Intl writes narrow and regular non-breaking spaces: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('formats euros the French way, with cents only when there are some', () => {
    expect(plain(formatEuro(1234.5))).toBe('1 234,50 €');
    expect(plain(formatEuro(1500))).toBe('1 500 €');
    expect(plain(formatEuro(0.99))).toBe('0,99 €');
  });

  it('computes the commission of a sale to the cent', () => {
    expect(commissionAmount(1500, 20)).toBe(300);
    expect(commissionAmount(997, 12.5)).toBe(124.63);
    expect(commissionAmount(49.9, 33)).toBe(16.47);
  });

  it('says what a sale earns, amount then rate', () => {
    expect(plain(commissionText({ commissionAmount: 300, commissionRate: 20 }))).toBe(
      '300 € par vente (20 %)',
    );
    expect(plain(commissionText({ commissionAmount: 1234.5, commissionRate: 12.5 }))).toBe(
      '1 234,50 € par vente (12,5 %)',
    );
  });
});

describe('figures', () => {
  it('writes percentages with a comma and a non-breaking space', () => {
    expect(formatPercent(20)).toBe('20\u00a0%');
    expect(formatPercent(2.345)).toBe('2,3\u00a0%');
  });

  it('writes hours, years and rates in French', () => {
    expect(plain(formatHours(1))).toBe('1 heure');
    expect(plain(formatHours(35))).toBe('35 heures');
    expect(formatYears(0)).toBe('moins d’un an');
    expect(plain(formatYears(1))).toBe('1 an');
    expect(plain(formatYears(4))).toBe('4 ans');
    expect(formatRateOutOf10(6.5)).toBe('6,5/10');
    expect(formatRateOutOf10(7)).toBe('7/10');
  });

  it('counts with the right noun', () => {
    expect(countText(0, 'candidature', undefined, 'aucune candidature')).toBe('aucune candidature');
    expect(countText(1, 'candidature')).toBe('1 candidature');
    expect(countText(3, 'candidature')).toBe('3 candidatures');
    expect(plain(countText(1200, 'résultat'))).toBe('1 200 résultats');
  });

  it('colours match scores by strength', () => {
    expect(matchColor(85)).toBe('green');
    expect(matchColor(70)).toBe('green');
    expect(matchColor(50)).toBe('yellow');
    expect(matchColor(10)).toBe('gray');
  });
});

describe('datetime-local values', () => {
  it('round-trips an instant through the input value (minutes kept)', () => {
    const iso = '2025-03-12T13:05:00.000Z';
    const local = toLocalInputValue(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInputValue(local)).toBe(iso);
  });

  it('gives blank for nothing and null for what is not a date-time', () => {
    expect(toLocalInputValue(null)).toBe('');
    expect(toLocalInputValue('pas une date')).toBe('');
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('2025-03-12')).toBeNull();
    expect(fromLocalInputValue('demain')).toBeNull();
  });
});
