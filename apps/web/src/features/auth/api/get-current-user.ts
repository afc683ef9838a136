import { queryOptions } from '@tanstack/react-query';
import { getCurrentUser, takeStartupRequest } from './current-user-request';

export const currentUserQueryKey = ['auth', 'current-user'] as const;

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    // The first run takes over the request sent at start-up (main.tsx) instead of sending another.
    queryFn: () => takeStartupRequest() ?? getCurrentUser(),
    // Fetched once at start-up; login, register, logout and profile updates write it directly.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    meta: { ignoreUnauthorized: true },
  });
}
