import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { StartupSpinner } from '../components/startup-spinner';
import { useDocumentTitle } from '../lib/use-document-title';
import { useVersionCheck } from '../lib/version-check';

// Requested by main.tsx at start-up, with the page's chunks: usually loaded before this renders.
const DataProvider = lazy(() => import('./data-provider').then((m) => ({ default: m.DataProvider })));
// The bar only shows after 200 ms of loading: its code (Mantine nprogress) need not delay the first paint.
const LoadingBar = lazy(() => import('../components/loading-bar').then((m) => ({ default: m.LoadingBar })));

/** Root of every route: page title, version polling, data layer (with the redirect check), loading bar. */
export function RootLayout() {
  useDocumentTitle();
  useVersionCheck();
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<StartupSpinner />}>
        <DataProvider>
          <Suspense fallback={null}>
            <LoadingBar />
          </Suspense>
          <Outlet />
        </DataProvider>
      </Suspense>
    </>
  );
}
