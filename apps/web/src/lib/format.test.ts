import { describe, expect, it } from 'vitest';
import { formatRate, unreadText } from './format';

describe('formatRate', () => {
  it('writes a rate the French way', () => {
    expect(formatRate(4.5)).toBe('4,5');
    expect(formatRate(7)).toBe('7');
  });
});

describe('unreadText', () => {
  it('agrees in number: singular for one, plural above', () => {
    expect(unreadText(1)).toBe('1 non lu');
    expect(unreadText(2)).toBe('2 non lus');
    expect(unreadText(1, { feminine: true })).toBe('1 non lue');
    expect(unreadText(12, { feminine: true })).toBe('12 non lues');
  });

  it('says "aucun" / "aucune" for none', () => {
    expect(unreadText(0)).toBe('aucun non lu');
    expect(unreadText(0, { feminine: true })).toBe('aucune non lue');
  });
});
