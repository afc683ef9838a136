import { describe, expect, it } from 'vitest';
import { formatParis, parisDayStart, parisToUtc, parseFrenchDateTime } from './paris-time';

describe('Europe/Paris time', () => {
  it('converts Paris wall-clock times in winter, in summer and around the changes', () => {
    expect(parisToUtc(2026, 1, 15, 9, 30).toISOString()).toBe('2026-01-15T08:30:00.000Z');
    expect(parisToUtc(2026, 7, 15, 9, 30).toISOString()).toBe('2026-07-15T07:30:00.000Z');
    // 29 March 2026: 02:00 → 03:00; 02:30 does not exist and reads as 03:30.
    expect(parisToUtc(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 03:00 → 02:00; 02:30 happens twice, the first one is taken.
    expect(parisToUtc(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('finds the start of a Paris day from any instant', () => {
    // 23:30 UTC on 14 July is already 15 July in Paris.
    expect(parisDayStart(new Date('2026-07-14T23:30:00Z')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(parisDayStart(new Date('2026-01-14T22:59:00Z'), 1).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    // A week across the autumn change is 7 days of 24 h but one of 25.
    expect(parisDayStart(new Date('2026-10-22T10:00:00Z'), 7).toISOString()).toBe('2026-10-28T23:00:00.000Z');
  });

  it('formats and reads dd/mm/yyyy HH:mm', () => {
    expect(formatParis(new Date('2026-07-15T07:05:00Z'))).toBe('15/07/2026 09:05');
    expect(parseFrenchDateTime('15/07/2026 09:05')?.toISOString()).toBe('2026-07-15T07:05:00.000Z');
    expect(parseFrenchDateTime('5/1/2026 9h30')?.toISOString()).toBe('2026-01-05T08:30:00.000Z');
    expect(parseFrenchDateTime('05/01/2026')?.toISOString()).toBe('2026-01-04T23:00:00.000Z');
    expect(parseFrenchDateTime('31/02/2026')).toBeNull();
    expect(parseFrenchDateTime('2026-01-05')).toBeNull();
  });
});
