import type { RoadmapItem, RoadmapSuggestionInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { roadmapKeys } from './roadmap-keys';

/** `POST /roadmap/suggestions` {title, description} → 201, the idea waiting for moderation | 429. */
export function suggestIdea(input: RoadmapSuggestionInput) {
  return api.post<RoadmapItem>('/roadmap/suggestions', input);
}

export function useSuggestIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suggestIdea,
    meta: { handlesError: true },
    // An admin on the same browser sees it in the moderation list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roadmapKeys.admin }),
  });
}
