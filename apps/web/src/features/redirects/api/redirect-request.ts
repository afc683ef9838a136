import { useEffect } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';

/*
 * The server's redirects without TanStack Query: the landing page checks its path with a plain
 * request (it loads no data layer); every other page uses the cached check of get-redirect.ts.
 */

export interface RedirectAnswer {
  redirect: string | null;
}

/** `GET /redirects?path=` → where the server wants this path to go, if anywhere. */
export function getRedirect(path: string): Promise<RedirectAnswer> {
  return api.get<RedirectAnswer>('/redirects', { query: { path } });
}

/** An absolute URL leaves the app, a path replaces the current entry; none (or the same path): stay. */
export function followRedirect(redirect: string | null, pathname: string, navigate: NavigateFunction): void {
  if (!redirect || redirect === pathname) return;
  if (/^https?:\/\//i.test(redirect)) window.location.assign(redirect);
  else navigate(redirect, { replace: true });
}

/** The redirect check of a page without the data layer: one request per path, never blocking. */
export function usePlainServerRedirects(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    getRedirect(pathname)
      .then(({ redirect }) => {
        if (current) followRedirect(redirect, pathname, navigate);
      })
      .catch((error: unknown) => {
        console.warn('Redirect check failed', error);
      });
    return () => {
      current = false;
    };
  }, [pathname, navigate]);
}
