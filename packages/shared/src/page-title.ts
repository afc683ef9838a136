/**
 * The document title of a page (spec §2). Apart from user.ts so that the first load, which sets the
 * title, does not bring the enums' labels along.
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
