import { describe, expect, it } from 'vitest';
import { feedCountLabel } from './feed-state';

describe('the feed’s count', () => {
  it('says how many posts, in French', () => {
    expect(feedCountLabel(0, false)).toBe('Aucune publication');
    expect(feedCountLabel(1, true)).toBe('1 publication');
    expect(feedCountLabel(12, false)).toBe('12 publications');
  });

  it('words a total at the API’s cap as a lower bound (1 000 searched, 10 000 in all)', () => {
    expect(feedCountLabel(999, true)).toBe('999 publications');
    expect(feedCountLabel(1_000, true)).toBe('Au moins 1\u202f000 publications');
    expect(feedCountLabel(1_000, false)).toBe('1\u202f000 publications');
    expect(feedCountLabel(10_000, false)).toBe('Au moins 10\u202f000 publications');
  });
});
