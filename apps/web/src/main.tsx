import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './components/app-error-boundary';
import { currentUserQueryKey, getCurrentUserQueryOptions } from './features/auth/api/get-current-user';
import { cookieColorSchemeManager } from './lib/color-scheme-manager';
import { onUnauthorized, queryClient } from './lib/query-client';
import { guardedReload } from './lib/reload-guard';
import { createRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

// Start-up: who is signed in? A 401 is "anonymous"; any other failure is only logged.
queryClient.fetchQuery(getCurrentUserQueryOptions()).catch((err: unknown) => {
  console.error('Auth initialization error', err);
});

const router = createRouter();

// A chunk that cannot be loaded (usually: a new deployment removed it) reloads the page, once per
// path within 10 s. During a navigation the error reaches the route error page, which reloads at the
// target URL; outside a navigation (a lazy component), reload here.
window.addEventListener('vite:preloadError', () => {
  if (router.state.navigation.state === 'idle') guardedReload('chunk preload failure');
});

// A call answered 401: the session ended. Forget the user and re-run the guards of the current page.
onUnauthorized(() => {
  if (queryClient.getQueryData(currentUserQueryKey) === null) return;
  queryClient.setQueryData(currentUserQueryKey, null);
  void router.revalidate();
});

// The toast container is not needed for the first paint: toasts shown before it loads wait in the store.
const NotificationsHost = lazy(() =>
  import('./components/notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

const colorSchemeManager = cookieColorSchemeManager();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <NotificationsHost />
          </Suspense>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  </StrictMode>,
);
