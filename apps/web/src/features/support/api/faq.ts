import type { FaqEntry, FaqEntryInput, FaqEntryUpdateInput, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { supportKeys } from './support-keys';

/** `GET /faq?query&category&page&perPage` → the entries (by category, or the most relevant first). */
export function getFaq(query: Query, signal?: AbortSignal) {
  return api.get<Paginated<FaqEntry>>('/faq', { query, signal });
}

export function getFaqQueryOptions(query: Query) {
  return queryOptions({
    queryKey: supportKeys.faqList(query),
    queryFn: ({ signal }) => getFaq(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useFaq(query: Query, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getFaqQueryOptions(query), enabled: options.enabled ?? true });
}

function useRefreshFaq() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportKeys.faq });
}

/** `POST /admin/faq` → 201 the entry. */
export function createFaqEntry(input: FaqEntryInput) {
  return api.post<FaqEntry>('/admin/faq', input);
}

export function useCreateFaqEntry() {
  const refresh = useRefreshFaq();
  return useMutation({ mutationFn: createFaqEntry, meta: { handlesError: true }, onSuccess: refresh });
}

/** `PUT /admin/faq/{id}` (any field) → the entry. */
export function updateFaqEntry({ id, input }: { id: number; input: FaqEntryUpdateInput }) {
  return api.put<FaqEntry>(`/admin/faq/${id}`, input);
}

export function useUpdateFaqEntry() {
  const refresh = useRefreshFaq();
  return useMutation({ mutationFn: updateFaqEntry, meta: { handlesError: true }, onSuccess: refresh });
}

/** `DELETE /admin/faq/{id}` → 204. */
export function deleteFaqEntry(id: number) {
  return api.delete<void>(`/admin/faq/${id}`);
}

export function useDeleteFaqEntry() {
  const refresh = useRefreshFaq();
  return useMutation({ mutationFn: deleteFaqEntry, meta: { handlesError: true }, onSuccess: refresh });
}
