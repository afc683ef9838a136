import type { Paginated, Webinar } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/** `GET /webinars?when=&query=&language=&free=1&page=&perPage=` → one page of webinars. */
export function getWebinars(query: Query) {
  return api.get<Paginated<Webinar>>('/webinars', { query });
}

export function getWebinarsQueryOptions(query: Query) {
  return queryOptions({
    queryKey: webinarKeys.list(query),
    queryFn: () => getWebinars(query),
    placeholderData: keepPreviousData,
  });
}

export function useWebinars(query: Query) {
  return useQuery(getWebinarsQueryOptions(query));
}
