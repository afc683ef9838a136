import { describe, expect, it } from 'vitest';
import { usageLine } from './usage';

describe('usageLine', () => {
  it('shows how much of a limit is used', () => {
    expect(usageLine('publishedMissions', 1, 10)).toEqual({
      label: 'Missions publiées',
      value: '1 / 10',
      percent: 10,
      full: false,
      excluded: false,
    });
  });

  it('fills the bar at the limit, and never beyond it after a downgrade', () => {
    expect(usageLine('publishedMissions', 1, 1)).toMatchObject({ percent: 100, full: true });
    expect(usageLine('prospects', 150, 100)).toMatchObject({ value: '150 / 100', percent: 100, full: true });
  });

  it('says "illimité" without a bar when there is no maximum', () => {
    expect(usageLine('prospects', 1234, null)).toMatchObject({ percent: null, full: false });
    expect(usageLine('prospects', 1234, null).value.replace(/\u202f/g, ' ')).toBe('1 234 · illimité');
  });

  it('says "non inclus" for what the plan does not include', () => {
    expect(usageLine('advertisements', 0, 0)).toMatchObject({
      label: 'Annonces sponsorisées',
      value: 'non inclus',
      excluded: true,
    });
  });
});
