/**
 * The document title of a page and the texts of the error page (spec §2). Apart from user.ts so that
 * the first load, which needs them, does not bring the enums' labels along.
 */

function titleCase(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map(
      (word) =>
        (Array.from(word)[0] ?? '').toLocaleUpperCase('fr-FR') + word.slice(Array.from(word)[0]?.length ?? 0),
    )
    .join(' ');
}

export interface PageTitleInput {
  routeTitle?: string | null;
  pathname: string;
  error?: { status?: number; statusCode?: number } | null;
}

/**
 * The page title (without the " · Closia" suffix): `Error {code}` on the error page, else the
 * route's title, else the title-cased last path segment ('active-sales' → 'Active Sales'), 'Accueil' for /.
 */
export function pageTitle({ routeTitle, pathname, error }: PageTitleInput): string {
  if (error) return `Error ${error.statusCode ?? error.status ?? 500}`;
  if (routeTitle) return routeTitle;
  const path = pathname.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  return last ? titleCase(last) || 'Accueil' : 'Accueil';
}

export const defaultErrorMessage = 'We encountered an unexpected issue. Please try again later.';

/** Title and message of the error page for a status code (spec §2). */
export function errorPageContent(
  status: number,
  message?: string | null,
): { title: string; message: string } {
  switch (status) {
    case 404:
      return { title: 'Page Not Found', message: message || 'Page not found' };
    case 500:
      return { title: 'Internal Server Error', message: message || defaultErrorMessage };
    case 403:
      return { title: 'Forbidden', message: message || defaultErrorMessage };
    default:
      return { title: 'An Unexpected Error Occurred', message: message || defaultErrorMessage };
  }
}
