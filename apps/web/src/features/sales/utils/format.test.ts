import { describe, expect, it } from 'vitest';
import {
  countText,
  daysInStageText,
  formatCents,
  formatDay,
  formatDays,
  formatDealProbability,
  formatMonth,
  formatPercent,
  formatProbability,
  formatRate,
  overdueText,
} from './format';

const NBSP = '\u00a0';
/** Intl writes French thousands with a narrow no-break space: compare on plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('turns integer cents into French euros', () => {
    expect(plain(formatCents(123_450))).toBe('1 234,50 €');
    expect(plain(formatCents(150_000))).toBe('1 500 €');
    expect(plain(formatCents(5))).toBe('0,05 €');
    expect(plain(formatCents(0))).toBe('0 €');
    expect(plain(formatCents(-2_500))).toBe('-25 €');
  });
});

describe('percentages and rates', () => {
  it('writes percentages the French way', () => {
    expect(formatPercent(20)).toBe(`20${NBSP}%`);
    expect(formatPercent(12.5)).toBe(`12,5${NBSP}%`);
  });
  it('writes a 0–1 rate as a percentage, a dash when there is none', () => {
    expect(formatRate(0.4256)).toBe(`42,6${NBSP}%`);
    expect(formatRate(1)).toBe(`100${NBSP}%`);
    expect(formatRate(null)).toBe('—');
  });
  it('writes a probability, or a dash when it is not estimated', () => {
    expect(formatProbability(60)).toBe(`60${NBSP}%`);
    expect(formatProbability(null)).toBe('—');
  });
  it('shows a won deal at 100 % and a lost one at 0 %, whatever estimate it kept', () => {
    expect(formatDealProbability({ status: 'Closed', probability: 90 })).toBe(`100${NBSP}%`);
    expect(formatDealProbability({ status: 'Lost', probability: 40 })).toBe(`0${NBSP}%`);
    expect(formatDealProbability({ status: 'Closing', probability: 40 })).toBe(`40${NBSP}%`);
    expect(formatDealProbability({ status: 'Role', probability: null })).toBe('—');
  });
});

describe('days', () => {
  it('says how long a deal has waited in its stage', () => {
    expect(daysInStageText(5)).toBe(`depuis 5${NBSP}j`);
    expect(daysInStageText(0)).toBe('depuis aujourd’hui');
    expect(plain(daysInStageText(1200))).toBe('depuis 1 200 j');
  });
  it('says how late a deal is', () => {
    expect(overdueText(3)).toBe(`En retard de 3${NBSP}j`);
  });
  it('writes a number of days, singular or plural', () => {
    expect(formatDays(1)).toBe(`1${NBSP}jour`);
    expect(formatDays(12.34)).toBe(`12,3${NBSP}jours`);
  });
  it('writes days and months in French', () => {
    expect(formatDay('2025-03-12')).toBe('12 mars 2025');
    expect(formatMonth('2025-02')).toBe('février 2025');
  });
});

describe('countText', () => {
  it('agrees the noun with the count', () => {
    expect(countText(1, 'vente')).toBe('1 vente');
    expect(countText(3, 'vente')).toBe('3 ventes');
    expect(countText(0, 'vente', 'ventes', 'aucune vente')).toBe('aucune vente');
  });
});
