import type { Paginated, ValidatedItem } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQuery, type ReferenceListParams, referenceKeys } from './reference-keys';

/** `GET /formations?search&page&perPage` → the formations catalogue (validated entries, plus the signed-in user's own proposals), sorted by name. */
export function getFormations(params: ReferenceListParams = {}) {
  return api.get<Paginated<ValidatedItem>>('/formations', { query: listQuery(params) });
}

export function getFormationsQueryOptions(params: ReferenceListParams = {}) {
  const query = listQuery(params);
  return queryOptions({
    queryKey: [...referenceKeys.formations, query] as const,
    queryFn: () => getFormations(query),
    staleTime: 5 * 60_000,
  });
}

export function useFormations(params: ReferenceListParams = {}) {
  return useQuery(getFormationsQueryOptions(params));
}
