import { describe, expect, it } from 'vitest';
import { formatCents, parseInterval, vatLabel, yearlySavingText } from './money';

/** Intl's French spaces made visible: no-break before €, narrow no-break between thousands. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatCents', () => {
  it('writes euros with a decimal comma and the sign after', () => {
    expect(plain(formatCents(3480))).toBe('34,80 €');
    expect(plain(formatCents(2900))).toBe('29,00 €');
    expect(plain(formatCents(0))).toBe('0,00 €');
  });

  it('drops the cents of a whole amount when compact', () => {
    expect(plain(formatCents(2900, { compact: true }))).toBe('29 €');
    expect(plain(formatCents(3480, { compact: true }))).toBe('34,80 €');
  });

  it('groups thousands', () => {
    expect(plain(formatCents(94800))).toBe('948,00 €');
    expect(plain(formatCents(123456))).toBe('1 234,56 €');
  });
});

describe('yearly wording', () => {
  it('says how many months a year saves', () => {
    expect(yearlySavingText()).toBe('2 mois offerts');
    expect(plain(vatLabel)).toBe('TVA 20 %');
  });

  it('reads a ?interval= value, monthly by default', () => {
    expect(parseInterval('year')).toBe('year');
    expect(parseInterval('month')).toBe('month');
    expect(parseInterval(null)).toBe('month');
    expect(parseInterval('weekly')).toBe('month');
  });
});
