/** What a route declares in its `handle`. */
export interface RouteHandle {
  /** French page title (document title and h1 of a "coming soon" page). */
  title?: string;
  /** For a page whose feature comes later: one sentence saying what it will show. */
  soon?: string;
  /** Default layout: the page draws its own full-width sections (the landing page). */
  fullWidth?: boolean;
}
