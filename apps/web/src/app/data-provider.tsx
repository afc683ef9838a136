import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentUserQueryKey, getCurrentUserQueryOptions } from '../features/auth/api/get-current-user';
import { useServerRedirects } from '../features/redirects/api/get-redirect';
import { onUnauthorized, queryClient } from '../lib/query-client';
import { realtime } from '../lib/realtime';

/*
 * The data layer: TanStack Query's client and what runs on it for every page. Not part of the first
 * load: main.tsx requests this chunk at start-up, so it downloads alongside the first page's chunks.
 */

/** Runs once this chunk has loaded; `revalidate` re-runs the route guards of the current page. */
export function startDataLayer({ revalidate }: { revalidate: () => Promise<void> }) {
  // Who is signed in? (The request itself left at start-up.) A 401 is "anonymous"; any other failure is only logged.
  queryClient.fetchQuery(getCurrentUserQueryOptions()).catch((error: unknown) => {
    console.error('Auth initialization error', error);
  });

  // Signed out (or the session ended): close the live connection.
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.query.queryKey[0] !== currentUserQueryKey[0] ||
      event.query.queryKey[1] !== currentUserQueryKey[1]
    )
      return;
    if (event.type === 'updated' && event.query.state.data === null) realtime.stop();
  });

  // A call answered 401: the session ended. Forget the user and re-run the guards of the current page.
  onUnauthorized(() => {
    if (queryClient.getQueryData(currentUserQueryKey) === null) return;
    queryClient.setQueryData(currentUserQueryKey, null);
    void revalidate();
  });
}

function ServerRedirects() {
  useServerRedirects();
  return null;
}

/** Provides the query client to the pages, and checks every path against the server's redirects. */
export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ServerRedirects />
      {children}
    </QueryClientProvider>
  );
}
