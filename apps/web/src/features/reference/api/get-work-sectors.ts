import type { Paginated, WorkSector } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQuery, type ReferenceListParams, referenceKeys } from './reference-keys';

/**
 * `GET /work-sectors?search&page&perPage` → approved sectors, plus the signed-in user's own
 * proposals (`approved: false`), sorted by name.
 */
export function getWorkSectors(params: ReferenceListParams = {}) {
  return api.get<Paginated<WorkSector>>('/work-sectors', { query: listQuery(params) });
}

export function getWorkSectorsQueryOptions(params: ReferenceListParams = {}) {
  const query = listQuery(params);
  return queryOptions({
    queryKey: [...referenceKeys.workSectors, query] as const,
    queryFn: () => getWorkSectors(query),
    staleTime: 5 * 60_000,
  });
}

export function useWorkSectors(params: ReferenceListParams = {}) {
  return useQuery(getWorkSectorsQueryOptions(params));
}
