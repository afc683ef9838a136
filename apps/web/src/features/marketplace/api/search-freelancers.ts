import type { FreelancerSearchResult } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/**
 * `GET /freelancers?role&query&workSectors&skills&minConversionRate&minExperience&available&online&location&missionId&page&perPage`
 * → setters, closers and setter-closers with a finished profile; with `missionId` (one of the
 * caller's missions) ranked by match, each with its `match`; past 2,000 profiles the total is estimated
 * (`meta.totalIsApproximate`) | 422 naming the bad filter.
 */
export function searchFreelancers(query: Query) {
  return api.get<FreelancerSearchResult>('/freelancers', { query });
}

export function searchFreelancersQueryOptions(query: Query) {
  return queryOptions({
    queryKey: marketplaceKeys.freelancerSearch(query),
    queryFn: () => searchFreelancers(query),
    placeholderData: keepPreviousData,
  });
}

export function useFreelancerSearch(query: Query) {
  return useQuery(searchFreelancersQueryOptions(query));
}
