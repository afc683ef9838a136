import type { Paginated, ValidatedItem } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listQuery, type ReferenceListParams, referenceKeys } from './reference-keys';

/** `GET /skills?search&page&perPage` → validated skills, plus the signed-in user's own proposals (`isValidated: false`), sorted by name. */
export function getSkills(params: ReferenceListParams = {}) {
  return api.get<Paginated<ValidatedItem>>('/skills', { query: listQuery(params) });
}

export function getSkillsQueryOptions(params: ReferenceListParams = {}) {
  const query = listQuery(params);
  return queryOptions({
    queryKey: [...referenceKeys.skills, query] as const,
    queryFn: () => getSkills(query),
    staleTime: 5 * 60_000,
  });
}

export function useSkills(params: ReferenceListParams = {}) {
  return useQuery(getSkillsQueryOptions(params));
}
