import type { MissionSearchResult } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/**
 * `GET /missions?query&missionType&priceRange=min,max&workSectors&certifications&financingMethods&sortBy&sortOrder&page&perPage&forMe=1`
 * → published, open missions, sponsored first, with the counts per filter value (`facets`) | 422
 * naming each bad filter.
 */
export function searchMissions(query: Query) {
  return api.get<MissionSearchResult>('/missions', { query });
}

export function searchMissionsQueryOptions(query: Query) {
  return queryOptions({
    queryKey: marketplaceKeys.missionSearch(query),
    queryFn: () => searchMissions(query),
    placeholderData: keepPreviousData,
  });
}

export function useMissionSearch(query: Query) {
  return useQuery(searchMissionsQueryOptions(query));
}
