import type { FreelancerCard, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * `GET /freelancers?role=closer&query=&perPage=20` → closers and setter-closers with a finished
 * profile matching the words typed: the candidates of a handoff at R2 (the API has no list of the
 * closers accepted on an offer; the handoff answers 422 `handoffCloser` for any other).
 */
export function searchClosers(query: string) {
  return api.get<Paginated<FreelancerCard>>('/freelancers', {
    query: { role: 'closer', perPage: 20, query: query.trim() || undefined },
  });
}

export function searchClosersQueryOptions(query: string) {
  return queryOptions({
    queryKey: salesKeys.closers(query.trim()),
    queryFn: () => searchClosers(query),
    placeholderData: keepPreviousData,
  });
}

export function useCloserSearch(query: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...searchClosersQueryOptions(query), enabled: options.enabled ?? true });
}
