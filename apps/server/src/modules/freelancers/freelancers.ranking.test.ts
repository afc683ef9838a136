import { describe, expect, it } from 'vitest';
import { pageOfCandidates } from './freelancers.service';

/** Candidates of a first tier of `first` and a second of `rest` profiles, ids by rank. */
function candidates(total: number, first: number, ranked: [id: number, firstTier: boolean, score: number][]) {
  return {
    total,
    first,
    ids: ranked.map(([id]) => id),
    tiers: ranked.map(([, tier]) => tier),
    scores: ranked.map(([, , score]) => score),
  };
}

const best = { first: 90, rest: 60 };

describe('pageOfCandidates (freelancers ranked for a mission from one pass)', () => {
  it('answers a page of the first tier when its last row reaches the floor, not otherwise', () => {
    const c = candidates(100, 50, [
      [1, true, 88],
      [2, true, 85],
      [3, true, 79],
    ]);
    expect(pageOfCandidates(c, best, 10, 2, 0)).toEqual([1, 2]);
    // 79 < 90 − 10: a profile left out may score 79 or more.
    expect(pageOfCandidates(c, best, 10, 3, 0)).toBeNull();
    expect(pageOfCandidates(c, best, 25, 3, 0)).toEqual([1, 2, 3]);
    // Fewer candidates than the page needs.
    expect(pageOfCandidates(c, best, 25, 2, 2)).toBeNull();
  });

  it('joins the tiers when the page reaches past the first, each exact on its own', () => {
    const c = candidates(10, 2, [
      [1, true, 40],
      [2, true, 20],
      [3, false, 58],
      [4, false, 51],
    ]);
    // The whole first tier is there (2 of 2), whatever its scores; the second's rows reach 60 − 10.
    expect(pageOfCandidates(c, best, 10, 4, 0)).toEqual([1, 2, 3, 4]);
    expect(pageOfCandidates(c, best, 10, 2, 1)).toEqual([2, 3]);
    expect(pageOfCandidates(c, best, 10, 2, 2)).toEqual([3, 4]);
    // The second tier's third row is not among the candidates.
    expect(pageOfCandidates(c, best, 10, 2, 3)).toBeNull();
    // A second tier without candidates.
    expect(pageOfCandidates(candidates(10, 2, [[1, true, 40]]), best, 10, 3, 0)).toBeNull();
  });

  it('answers an empty page past the end, and a short last page when every profile is a candidate', () => {
    expect(pageOfCandidates(candidates(3, 1, []), best, 10, 20, 20)).toEqual([]);
    const all = candidates(3, 1, [
      [1, true, 5],
      [2, false, 1],
      [3, false, 0],
    ]);
    expect(pageOfCandidates(all, best, 10, 20, 0)).toEqual([1, 2, 3]);
    expect(pageOfCandidates(candidates(0, 0, []), best, 10, 20, 0)).toEqual([]);
  });
});
