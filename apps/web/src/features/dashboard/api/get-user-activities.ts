import type { Paginated, UserActivity } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface UserActivitiesParams {
  page?: number;
  perPage?: number;
}

/** `GET /user/activities?page&perPage` → the signed-in user's activity, newest first. */
export function getUserActivities({ page = 1, perPage = 20 }: UserActivitiesParams = {}) {
  return api.get<Paginated<UserActivity>>('/user/activities', { query: { page, perPage } });
}

export function getUserActivitiesQueryOptions(params: UserActivitiesParams = {}) {
  const page = params.page ?? 1;
  const perPage = params.perPage ?? 20;
  return queryOptions({
    queryKey: ['user', 'activities', { page, perPage }] as const,
    queryFn: () => getUserActivities({ page, perPage }),
    placeholderData: keepPreviousData,
  });
}

export function useUserActivities(params: UserActivitiesParams = {}) {
  return useQuery(getUserActivitiesQueryOptions(params));
}
