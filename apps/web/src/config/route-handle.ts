import type { ComingSoonPath } from './coming-soon-descriptions';

/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** French page title (document title and h1 of a "coming soon" page). */
  title?: string;
  /** For a page whose feature comes later: its route pattern, the key of what it will show. */
  comingSoon?: ComingSoonPath;
  /** Default layout: the page draws its own full-width sections (the landing page). */
  fullWidth?: boolean;
}
