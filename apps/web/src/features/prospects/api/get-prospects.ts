import type { Paginated, Prospect } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

/**
 * `GET /prospects?query&state&leadStage&nextActivity&sortBy&sortOrder&page&perPage` → the caller's
 * prospects with their next activity and current deal | 422 naming each bad filter.
 */
export function getProspects(query: Query) {
  return api.get<Paginated<Prospect>>('/prospects', { query });
}

export function getProspectsQueryOptions(query: Query) {
  return queryOptions({
    queryKey: prospectKeys.list(query),
    queryFn: () => getProspects(query),
    placeholderData: keepPreviousData,
  });
}

export function useProspects(query: Query) {
  return useQuery(getProspectsQueryOptions(query));
}
