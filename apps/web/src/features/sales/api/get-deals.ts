import type { Deal, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * `GET /deals?owner&as&status&serviceId&prospectId&expectedCloseFrom&expectedCloseTo&query&sortBy&sortOrder&page&perPage`
 * → one page of my deals (or, with `as=infopreneur`, of the deals on my offers) | 422 naming the bad filter.
 */
export function getDeals(query: Query) {
  return api.get<Paginated<Deal>>('/deals', { query });
}

export function getDealsQueryOptions(query: Query) {
  return queryOptions({
    queryKey: salesKeys.list(query),
    queryFn: () => getDeals(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeals(query: Query) {
  return useQuery(getDealsQueryOptions(query));
}
