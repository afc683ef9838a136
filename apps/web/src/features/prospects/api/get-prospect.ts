import type { ProspectWithDuplicates } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

/** `GET /prospects/{id}` → the prospect and its possible duplicates | 404 (not the caller's). */
export function getProspect(id: number) {
  return api.get<ProspectWithDuplicates>(`/prospects/${id}`);
}

export function getProspectQueryOptions(id: number) {
  return queryOptions({
    queryKey: prospectKeys.detail(id),
    queryFn: () => getProspect(id),
  });
}

export function useProspect(id: number | null) {
  return useQuery({ ...getProspectQueryOptions(id ?? 0), enabled: id !== null });
}
