import { describe, expect, it } from 'vitest';
import { experienceSummary, fromExperienceDate, monthsSince, toExperienceDate } from './experience';

const now = new Date(2026, 4, 15); // 15 May 2026

describe('experience date', () => {
  it('builds YYYY-MM-01 and reads it back', () => {
    expect(toExperienceDate('2021', '9')).toBe('2021-09-01');
    expect(toExperienceDate(null, '9')).toBe('');
    expect(fromExperienceDate('2021-09-01')).toEqual({ year: '2021', month: '9' });
    expect(fromExperienceDate(null)).toEqual({ year: null, month: null });
  });

  it('counts whole months and summarises them', () => {
    expect(monthsSince('2026-05-01', now)).toBe(0);
    expect(monthsSince('2026-07-01', now)).toBe(-2);
    expect(experienceSummary('2026-05-01', now)).toBe('Vous débutez ce mois-ci');
    expect(experienceSummary('2025-12-01', now)).toBe('≈ 5 mois d’expérience');
    expect(experienceSummary('2025-05-01', now)).toBe('≈ 1 an d’expérience');
    expect(experienceSummary('2023-01-01', now)).toBe('≈ 3 ans d’expérience');
  });
});
