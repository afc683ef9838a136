import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { useServerRedirects } from '../features/redirects/api/get-redirect';
import { useDocumentTitle } from '../lib/use-document-title';
import { useVersionCheck } from '../lib/version-check';

/** Root of every route: page title, redirect check, version polling, loading bar. */
export function RootLayout() {
  useDocumentTitle();
  useServerRedirects();
  useVersionCheck();
  return (
    <>
      <LoadingBar />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
