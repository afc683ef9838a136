import { describe, expect, it } from 'vitest';
import { dealProbability, isOpenStage, isSetterStage, setterStages } from './deal-rules';

describe('dealProbability', () => {
  it('is 100 once won, 0 once lost, the estimate while open', () => {
    expect(dealProbability('Closed', 90)).toBe(100);
    expect(dealProbability('Closed', null)).toBe(100);
    expect(dealProbability('Lost', 40)).toBe(0);
    expect(dealProbability('Closing', 40)).toBe(40);
    expect(dealProbability('Role', null)).toBeNull();
  });
});

describe('stages', () => {
  it('the six open stages are open; won and lost are not', () => {
    expect(
      ['Prospecting', 'Qualification', 'Closing', 'Role', 'Onboarding', 'FollowUp'].every(isOpenStage),
    ).toBe(true);
    expect(isOpenStage('Closed')).toBe(false);
    expect(isOpenStage('Lost')).toBe(false);
  });

  it('a setter works a deal up to R2 (stored Role), not past it', () => {
    expect(setterStages).toEqual(['Prospecting', 'Qualification', 'Closing', 'Role']);
    expect(isSetterStage('Role')).toBe(true);
    expect(isSetterStage('Onboarding')).toBe(false);
    expect(isSetterStage('Closed')).toBe(false);
  });
});
