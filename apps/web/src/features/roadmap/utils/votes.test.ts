import { describe, expect, it } from 'vitest';
import { votedLocally, withVote } from './votes';

describe('a vote shown before the server answers', () => {
  it('counts one more for a new vote and one less for a vote taken back', () => {
    expect(votedLocally({ votedByMe: false, voteCount: 4 }, true)).toEqual({ voted: true, voteCount: 5 });
    expect(votedLocally({ votedByMe: true, voteCount: 5 }, false)).toEqual({ voted: false, voteCount: 4 });
  });

  it('does not count twice the same vote, nor below zero', () => {
    expect(votedLocally({ votedByMe: true, voteCount: 5 }, true)).toEqual({ voted: true, voteCount: 5 });
    expect(votedLocally({ votedByMe: true, voteCount: 0 }, false)).toEqual({ voted: false, voteCount: 0 });
  });

  it('applies a vote to an idea, the rest unchanged', () => {
    const idea = { id: 3, title: 'Agenda', votedByMe: false, voteCount: 2 };
    expect(withVote(idea, { voted: true, voteCount: 7 })).toEqual({ ...idea, votedByMe: true, voteCount: 7 });
  });
});
