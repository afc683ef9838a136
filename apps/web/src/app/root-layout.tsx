import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { StartupSpinner } from '../components/startup-spinner';
import { useSessionUser } from '../features/auth/api/session';
import { usePlainServerRedirects } from '../features/redirects/api/redirect-request';
import { useDocumentTitle } from '../lib/use-document-title';
import { useVersionCheck } from '../lib/version-check';
import { dataLayerRequested, isDataFree, loadDataLayer } from './data-layer';

// Requested by main.tsx at start-up, with the page's chunks: usually loaded before this renders.
const DataProvider = lazy(() => loadDataLayer().then((m) => ({ default: m.DataProvider })));
// The bar only shows after 200 ms of loading: its code (Mantine nprogress) need not delay the first paint.
const LoadingBar = lazy(() => import('../components/loading-bar').then((m) => ({ default: m.LoadingBar })));
const NavigationLoadingBar = lazy(() =>
  import('../components/loading-bar').then((m) => ({ default: m.NavigationLoadingBar })),
);

/**
 * Root of every route: page title, version polling, data layer (with the redirect check), loading bar.
 * The landing page of a signed-out visitor has no data layer (app/data-layer.ts): it is loaded as
 * soon as the visitor turns out to be signed in or leaves for another page, and kept from then on.
 */
export function RootLayout() {
  useDocumentTitle();
  useVersionCheck();
  const matches = useMatches();
  const dataFree = isDataFree(matches.map((match) => match.handle));
  const { data: user } = useSessionUser();

  if (!dataFree || user || dataLayerRequested()) {
    return (
      <>
        <ScrollRestoration />
        {/* A page without the data layer shows itself while the layer loads (its frame waits for it). */}
        <Suspense fallback={dataFree ? <Outlet /> : <StartupSpinner />}>
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
  return (
    <>
      <ScrollRestoration />
      <WithoutDataLayer />
      <Outlet />
    </>
  );
}

/** The landing page's redirect check, and its loading bar once the visitor leaves (the data layer then loads too). */
function WithoutDataLayer() {
  usePlainServerRedirects();
  const leaving = useNavigation().state !== 'idle';
  useEffect(() => {
    if (leaving) loadDataLayer().catch((error: unknown) => console.error('Data layer failed to load', error));
  }, [leaving]);
  return leaving ? (
    <Suspense fallback={null}>
      <NavigationLoadingBar />
    </Suspense>
  ) : null;
}
