import type { Application, Paginated } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys, type PageParams, pageQuery } from './marketplace-keys';

/** `GET /applications/mine?page&perPage` → the caller's applications, newest first. */
export function getMyApplications(params: PageParams = {}) {
  return api.get<Paginated<Application>>('/applications/mine', { query: pageQuery(params) });
}

export function getMyApplicationsQueryOptions(params: PageParams = {}) {
  const query = pageQuery(params);
  return queryOptions({
    queryKey: marketplaceKeys.myApplications(query),
    queryFn: () => getMyApplications(params),
    placeholderData: keepPreviousData,
  });
}

export function useMyApplications(params: PageParams = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyApplicationsQueryOptions(params), enabled: options.enabled ?? true });
}
