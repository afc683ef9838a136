import type { Paginated, Service } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys, type PageParams, pageQuery } from './marketplace-keys';

/** `GET /services/mine?page&perPage` → the caller's offers in every state, newest first. */
export function getMyServices(params: PageParams = {}) {
  return api.get<Paginated<Service>>('/services/mine', { query: pageQuery(params) });
}

export function getMyServicesQueryOptions(params: PageParams = {}) {
  const query = pageQuery(params);
  return queryOptions({
    queryKey: marketplaceKeys.myServices(query),
    queryFn: () => getMyServices(params),
    placeholderData: keepPreviousData,
  });
}

export function useMyServices(params: PageParams = {}) {
  return useQuery(getMyServicesQueryOptions(params));
}
