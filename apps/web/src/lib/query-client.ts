import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isPlanLimit } from './api-client';
import { errorText } from './api-errors';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows the error itself (form fields, an Alert): no global toast. */
      handlesError?: boolean;
    };
    queryMeta: {
      /** A 401 from this query does not mean the session ended (e.g. the current-user check). */
      ignoreUnauthorized?: boolean;
      /** A background check: does not drive the loading bar. */
      silent?: boolean;
    };
  }
}

let unauthorizedHandler: (() => void) | undefined;

/** What to do when a call answers 401 (session expired elsewhere): set by the router at start-up. */
export function onUnauthorized(handler: () => void) {
  unauthorizedHandler = handler;
}

/** A red toast. The toasts' container is fetched at the first one (lib/toast-host.ts), not at start-up. */
function toastError(message: string) {
  import('@mantine/notifications')
    .then(({ notifications }) => notifications.show({ color: 'red', title: 'Erreur', message }))
    .catch((error: unknown) => console.error('Unable to show the error toast', message, error));
}

function handleUnauthorized(error: unknown) {
  if (isApiError(error) && error.status === 401) unauthorizedHandler?.();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.ignoreUnauthorized) handleUnauthorized(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      handleUnauthorized(error);
      // A write the plan refuses opens the upgrade dialog instead (app/data-provider.tsx).
      if (isPlanLimit(error)) return;
      if (mutation.meta?.handlesError) return;
      toastError(errorText(error));
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change by retrying; network and 5xx errors get two more tries.
      retry: (failureCount, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
