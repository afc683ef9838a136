import type { CurrentUser } from '@closia/shared';
import { QueryClientProvider, useMutationState } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { currentUserQueryKey, getCurrentUserQueryOptions } from '../features/auth/api/get-current-user';
import { setSessionUser } from '../features/auth/api/session';
import { useServerRedirects } from '../features/redirects/api/get-redirect';
import { isPlanLimit } from '../lib/api-client';
import { DataLayerReady } from '../lib/data-layer-ready';
import { onUnauthorized, queryClient } from '../lib/query-client';
import { realtime } from '../lib/realtime';

/*
 * The data layer: TanStack Query's client and what runs on it for every page. Not part of the first
 * load: loaded through app/data-layer.ts — at start-up alongside the first page's chunks, except on
 * the landing page of a signed-out visitor, which never needs it.
 */

/** Runs once this chunk has loaded; `revalidate` re-runs the route guards of the current page. */
export function startDataLayer({ revalidate }: { revalidate: () => Promise<void> }) {
  // Who is signed in? (The request itself left at start-up.) A 401 is "anonymous"; any other failure is only logged.
  queryClient.fetchQuery(getCurrentUserQueryOptions()).catch((error: unknown) => {
    console.error('Auth initialization error', error);
  });

  // The query is the user's source from now on: the public frame's copy follows it (session.ts).
  // Signed out (or the session ended): close the live connection.
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.query.queryKey[0] !== currentUserQueryKey[0] ||
      event.query.queryKey[1] !== currentUserQueryKey[1]
    )
      return;
    if (event.type !== 'updated') return;
    const user = event.query.state.data as CurrentUser | null | undefined;
    if (user !== undefined) setSessionUser(user);
    if (user === null) realtime.stop();
  });

  // A call answered 401: the session ended. Forget the user and re-run the guards of the current page.
  onUnauthorized(() => {
    if (queryClient.getQueryData(currentUserQueryKey) === null) return;
    queryClient.setQueryData(currentUserQueryKey, null);
    void revalidate();
  });
}

// Loaded the first time a write is refused by the plan (402 E_PLAN_LIMIT), never before.
const UpgradeDialog = lazy(() =>
  import('../features/billing/components/upgrade-dialog').then((m) => ({ default: m.UpgradeDialog })),
);

/**
 * The upgrade dialog: opened by the last write that the plan refused, from any page (the query
 * client shows no toast for those), until closed.
 */
function PlanLimitHost() {
  const [closed, setClosed] = useState(0);
  const refused = useMutationState({
    filters: { status: 'error', predicate: (m) => isPlanLimit(m.state.error) },
    select: (m) => ({ id: m.mutationId, error: m.state.error }),
  }).at(-1);
  if (!refused || refused.id <= closed) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialog error={refused.error} onClose={() => setClosed(refused.id)} />
    </Suspense>
  );
}

function ServerRedirects() {
  useServerRedirects();
  return null;
}

/** Provides the query client to the pages, and checks every path against the server's redirects. */
export function DataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DataLayerReady.Provider value={true}>
        <ServerRedirects />
        {children}
        <PlanLimitHost />
      </DataLayerReady.Provider>
    </QueryClientProvider>
  );
}
