import { describe, expect, it } from 'vitest';
import { dealProbability } from './deal-rules';

describe('dealProbability', () => {
  it('is 100 once won, 0 once lost, the estimate while open', () => {
    expect(dealProbability('Closed', 90)).toBe(100);
    expect(dealProbability('Closed', null)).toBe(100);
    expect(dealProbability('Lost', 40)).toBe(0);
    expect(dealProbability('Closing', 40)).toBe(40);
    expect(dealProbability('Role', null)).toBeNull();
  });
});
