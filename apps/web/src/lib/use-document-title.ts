import { pageTitle } from '@closia/shared';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../config/route-handle';

/** `document.title` from the deepest route that declares a title (spec §2: else the last path segment). */
export function useDocumentTitle() {
  const matches = useMatches();
  const { pathname } = useLocation();
  let routeTitle: string | undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) {
      routeTitle = title;
      break;
    }
  }
  useEffect(() => {
    document.title = pageTitle({ routeTitle, pathname });
  }, [routeTitle, pathname]);
}
