import type { Paginated, Prospect } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * `GET /prospects?perPage=100&query=` → my prospects matching the words typed (name, e-mail,
 * phone), for the deal form's prospect picker.
 */
export function getProspectOptions(query: string) {
  return api.get<Paginated<Prospect>>('/prospects', {
    query: { perPage: 100, sortBy: 'name', sortOrder: 'asc', query: query.trim() || undefined },
  });
}

export function getProspectOptionsQueryOptions(query: string) {
  return queryOptions({
    queryKey: salesKeys.prospectOptions(query.trim()),
    queryFn: () => getProspectOptions(query),
    placeholderData: keepPreviousData,
  });
}

export function useProspectOptions(query: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getProspectOptionsQueryOptions(query), enabled: options.enabled ?? true });
}
