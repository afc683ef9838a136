import type { Paginated, RoadmapItem, RoadmapVote } from '@closia/shared';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { votedLocally, withVote } from '../utils/votes';
import { roadmapKeys } from './roadmap-keys';

/** `PUT /roadmap/{id}/vote` (vote) or `DELETE` (take it back) → `{ voted, voteCount }`; both idempotent. */
export function voteForIdea({ id, voted }: { id: number; voted: boolean }) {
  const path = `/roadmap/${id}/vote`;
  return voted ? api.put<RoadmapVote>(path) : api.delete<RoadmapVote>(path);
}

type Column = InfiniteData<Paginated<RoadmapItem>>;
type Snapshot = [readonly unknown[], Column][];

/** Writes the vote on idea `id` into every cached column (both sorts); returns the columns before. */
function writeVote(queryClient: QueryClient, id: number, vote: (item: RoadmapItem) => RoadmapVote): Snapshot {
  const snapshot: Snapshot = [];
  for (const [key, column] of queryClient.getQueriesData<Column>({ queryKey: roadmapKeys.columns })) {
    if (!column?.pages.some((page) => page.data.some((item) => item.id === id))) continue;
    snapshot.push([key, column]);
    queryClient.setQueryData<Column>(key, {
      ...column,
      pages: column.pages.map((page) => ({
        ...page,
        data: page.data.map((item) => (item.id === id ? withVote(item, vote(item)) : item)),
      })),
    });
  }
  return snapshot;
}

/**
 * Vote or take a vote back at once (optimistic): every column shows the new count before the server
 * answers, the server's count replaces it, and a failure puts the columns back.
 */
export function useVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteForIdea,
    meta: { handlesError: true },
    onMutate: async ({ id, voted }) => {
      await queryClient.cancelQueries({ queryKey: roadmapKeys.columns });
      return { snapshot: writeVote(queryClient, id, (item) => votedLocally(item, voted)) };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer, { id }) => {
      writeVote(queryClient, id, () => answer);
    },
  });
}
