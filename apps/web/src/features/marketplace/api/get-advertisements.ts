import type { Advertisement, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys, type PageParams, pageQuery } from './marketplace-keys';

/** `GET /advertisements?page&perPage` → the caller's campaigns, with their impressions and clicks. */
export function getAdvertisements(params: PageParams = {}) {
  return api.get<Paginated<Advertisement>>('/advertisements', { query: pageQuery(params) });
}

export function getAdvertisementsQueryOptions(params: PageParams = {}) {
  const query = pageQuery(params);
  return queryOptions({
    queryKey: marketplaceKeys.advertisementList(query),
    queryFn: () => getAdvertisements(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdvertisements(params: PageParams = {}) {
  return useQuery(getAdvertisementsQueryOptions(params));
}
