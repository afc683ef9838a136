import type { Paginated, Service } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/**
 * `GET /jobs?query&workSectors&financingMethods&certifications&locationType&commissionMin&sortBy&sortOrder&page&perPage`
 * → the approved, active offers freelancers can sell | 422 naming the bad filter.
 */
export function getJobs(query: Query) {
  return api.get<Paginated<Service>>('/jobs', { query });
}

export function getJobsQueryOptions(query: Query) {
  return queryOptions({
    queryKey: marketplaceKeys.jobList(query),
    queryFn: () => getJobs(query),
    placeholderData: keepPreviousData,
  });
}

export function useJobs(query: Query) {
  return useQuery(getJobsQueryOptions(query));
}
