import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { followRedirect, getRedirect } from './redirect-request';

export function getRedirectQueryOptions(path: string) {
  return queryOptions({
    queryKey: ['redirects', path] as const,
    queryFn: () => getRedirect(path),
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: false,
    meta: { ignoreUnauthorized: true, silent: true },
  });
}

/**
 * Server-driven redirect check on every navigation (spec §2): an absolute URL leaves the app,
 * a path replaces the current entry. A failing check never blocks or breaks navigation.
 */
export function useServerRedirects() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let current = true;
    queryClient
      .fetchQuery(getRedirectQueryOptions(pathname))
      .then(({ redirect }) => {
        if (current) followRedirect(redirect, pathname, navigate);
      })
      .catch((error: unknown) => {
        console.warn('Redirect check failed', error);
      });
    return () => {
      current = false;
    };
  }, [pathname, navigate, queryClient]);
}
