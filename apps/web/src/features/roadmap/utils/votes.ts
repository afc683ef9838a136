import type { RoadmapItem, RoadmapVote } from '@closia/shared';

/**
 * What an idea shows right after a click on its vote button, before the server answers: the
 * count moves by one only when the vote changes (a second click on an already voted idea does not
 * count twice), and never below zero.
 */
export function votedLocally(
  item: Pick<RoadmapItem, 'votedByMe' | 'voteCount'>,
  voted: boolean,
): RoadmapVote {
  const delta = voted === item.votedByMe ? 0 : voted ? 1 : -1;
  return { voted, voteCount: Math.max(0, item.voteCount + delta) };
}

/** The idea with a vote applied (the server's answer, or the local guess). */
export const withVote = <T extends Pick<RoadmapItem, 'id' | 'votedByMe' | 'voteCount'>>(
  item: T,
  vote: RoadmapVote,
): T => ({ ...item, votedByMe: vote.voted, voteCount: vote.voteCount });
