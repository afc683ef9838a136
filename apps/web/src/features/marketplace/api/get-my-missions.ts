import type { Mission, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys, type PageParams, pageQuery } from './marketplace-keys';

/** `GET /missions/mine?page&perPage` → the caller's missions in every state. */
export function getMyMissions(params: PageParams = {}) {
  return api.get<Paginated<Mission>>('/missions/mine', { query: pageQuery(params) });
}

export function getMyMissionsQueryOptions(params: PageParams = {}) {
  const query = pageQuery(params);
  return queryOptions({
    queryKey: marketplaceKeys.myMissions(query),
    queryFn: () => getMyMissions(params),
    placeholderData: keepPreviousData,
  });
}

export function useMyMissions(params: PageParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyMissionsQueryOptions(params), enabled: options.enabled ?? true });
}
