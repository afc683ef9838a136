import type { CurrentUser } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export const currentUserQueryKey = ['auth', 'current-user'] as const;

/** `GET /user`: the signed-in user, or `null` when anonymous (401 is not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/user');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // Fetched once at start-up; login, register, logout and profile updates write it directly.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    meta: { ignoreUnauthorized: true },
  });
}

/** The signed-in user: `data` is the user, `null` when anonymous, `undefined` while unknown. */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
