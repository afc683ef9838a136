import type {
  AdminRoadmapItem,
  Paginated,
  RoadmapDeclineInput,
  RoadmapItemInput,
  RoadmapItemUpdateInput,
} from '@closia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { roadmapKeys } from './roadmap-keys';

/** `GET /admin/roadmap?status&query&page&perPage` → every idea, the suggestions waiting first. */
export function getAdminRoadmap(query: Query) {
  return api.get<Paginated<AdminRoadmapItem>>('/admin/roadmap', { query });
}

export function getAdminRoadmapQueryOptions(query: Query) {
  return queryOptions({
    queryKey: roadmapKeys.adminList(query),
    queryFn: () => getAdminRoadmap(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRoadmap(query: Query) {
  return useQuery(getAdminRoadmapQueryOptions(query));
}

/** Every admin write changes the public columns too. */
function useAdminMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesError: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roadmapKeys.all }),
  });
}

/** `POST /admin/roadmap` → 201 the idea. */
export const useCreateRoadmapItem = () =>
  useAdminMutation((input: RoadmapItemInput) => api.post<AdminRoadmapItem>('/admin/roadmap', input));

/** `PUT /admin/roadmap/{id}` (done: shipped, its voters told) | 409 `ROADMAP_WRONG_STATUS`. */
export const useUpdateRoadmapItem = () =>
  useAdminMutation(({ id, input }: { id: number; input: RoadmapItemUpdateInput }) =>
    api.put<AdminRoadmapItem>(`/admin/roadmap/${id}`, input),
  );

/** `DELETE /admin/roadmap/{id}` → 204. */
export const useDeleteRoadmapItem = () =>
  useAdminMutation((id: number) => api.delete<void>(`/admin/roadmap/${id}`));

/** `POST /admin/roadmap/{id}/accept` → planned | 409 `ROADMAP_WRONG_STATUS`. */
export const useAcceptSuggestion = () =>
  useAdminMutation((id: number) => api.post<AdminRoadmapItem>(`/admin/roadmap/${id}/accept`));

/** `POST /admin/roadmap/{id}/decline` {reason} | 409 `ROADMAP_WRONG_STATUS`. */
export const useDeclineRoadmapItem = () =>
  useAdminMutation(({ id, input }: { id: number; input: RoadmapDeclineInput }) =>
    api.post<AdminRoadmapItem>(`/admin/roadmap/${id}/decline`, input),
  );
