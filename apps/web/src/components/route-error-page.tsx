import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { paths } from '../config/paths';
import { isApiError } from '../lib/api-client';
import { isChunkLoadError } from '../lib/chunk-errors';
import { guardedReload } from '../lib/reload-guard';
import { ErrorScreen } from './error-screen';

/** The HTTP-like status an error stands for: a route response's or an API error's, else 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error) && error.status >= 400) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') {
    return error.status >= 400 && error.status < 600 ? error.status : 500;
  }
  return 500;
}

/** `errorElement` of the router: loader errors, render errors, unknown guards, failed chunks. */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunkError = isChunkLoadError(error);
  // A failed chunk reloads the page once (10 s guard); if the guard refuses, the error shows.
  const [reloadRefused, setReloadRefused] = useState(false);

  useEffect(() => {
    if (chunkError) {
      if (!guardedReload('chunk load failure')) setReloadRefused(true);
      return;
    }
    if (!isRouteErrorResponse(error)) console.error('Route error', error);
  }, [error, chunkError]);

  if (chunkError && !reloadRefused) return null;
  // Navigating to `/` replaces the errored state of the router: the error is cleared.
  return <ErrorScreen key={location.key} status={errorStatus(error)} onHome={() => navigate(paths.home)} />;
}
