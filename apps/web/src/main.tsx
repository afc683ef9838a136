import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './styles.css';

import { MantineProvider } from '@mantine/core';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { isDataFree, loadDataLayer, setRevalidate } from './app/data-layer';
import { createRouter } from './app/router';
import { AppErrorBoundary } from './components/app-error-boundary';
import { requestCurrentUserAtStartup } from './features/auth/api/current-user-request';
import { cookieColorSchemeManager } from './lib/color-scheme-manager';
import { guardedReload } from './lib/reload-guard';
import { useToastHostWanted } from './lib/toast-host';
import { cssVariablesResolver, theme } from './theme';

// Zod compiles object parsers with `new Function` when it may; the Content-Security-Policy forbids it
// (no 'unsafe-eval') and Zod's probe would be reported as a violation. This is `z.config({ jitless: true })`
// done before Zod loads (it adopts this global object as its config), so that Zod stays out of the first load.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

// Start-up: who is signed in? Asked at once; the data layer takes the answer over when it has loaded.
requestCurrentUserAtStartup();

const router = createRouter();

setRevalidate(() => router.revalidate());

// The data layer (TanStack Query) is not part of the first load: fetch it now, alongside the first
// page's chunks — unless that page needs none (the landing page: app/data-layer.ts). If it cannot
// load, the root layout's lazy DataProvider reports it (route error page).
if (!isDataFree(router.state.matches.map((match) => match.route.handle))) {
  loadDataLayer().catch((error: unknown) => console.error('Data layer failed to load', error));
}

// A chunk that cannot be loaded (usually: a new deployment removed it) reloads the page, once per
// path within 10 s. During a navigation the error reaches the route error page, which reloads at the
// target URL; outside a navigation (a lazy component), reload here.
window.addEventListener('vite:preloadError', () => {
  if (router.state.navigation.state === 'idle') guardedReload('chunk preload failure');
});

// The toast container is not needed before the first toast (lib/toast-host.ts): it loads then, and
// shows the toast, which waited in the store.
const NotificationsHost = lazy(() =>
  import('./components/notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

function ToastHost() {
  return useToastHostWanted() ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

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
        <ToastHost />
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </MantineProvider>
  </StrictMode>,
);
