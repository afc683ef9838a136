import type { ComingSoonPath } from './coming-soon-descriptions';

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** French page title (document title and h1 of a "coming soon" page). */
  title?: string;
  /** For a page whose feature comes later: its route pattern, the key of what it will show. */
  comingSoon?: ComingSoonPath;
  /** Default layout: the page draws its own full-width sections (the landing page). */
  fullWidth?: boolean;
  /**
   * The page and its layout use no TanStack Query (the landing page): a signed-out visitor does not
   * download the data layer (app/data-layer.ts). Its layout reads the user from features/auth/api/session.ts.
   */
  dataFree?: boolean;
}
