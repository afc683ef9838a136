import { ARTICLE_PREVIEW_COOKIE, ARTICLE_PREVIEW_PARAM, ARTICLE_STAGING_PARAM } from '@closia/shared';

/*
 * The preview mode (spec §2): on when a preview token is in the `preview` query parameter or the
 * `closia_preview` cookie. The server checks the token and keeps it in the cookie; the page keeps
 * it and the staging address in session storage too, and takes it out of the address bar. What
 * follows is that bookkeeping, without React.
 */

export const PREVIEW_STORAGE_KEY = 'closia:article-preview';

export interface StoredPreview {
  token: string;
  /** The staging site's address (`PREVIEW_STAGING_URL`), when `?staging=1` asked for it. */
  stagingUrl: string | null;
}

/** What was kept in session storage; null when nothing (or something unreadable) is there. */
export function readStoredPreview(storage: Pick<Storage, 'getItem'> | null): StoredPreview | null {
  try {
    const raw = storage?.getItem(PREVIEW_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredPreview>;
    if (typeof value.token !== 'string' || value.token === '') return null;
    return { token: value.token, stagingUrl: typeof value.stagingUrl === 'string' ? value.stagingUrl : null };
  } catch {
    return null;
  }
}

export function storePreview(storage: Pick<Storage, 'setItem'> | null, value: StoredPreview): void {
  try {
    storage?.setItem(PREVIEW_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the cookie still carries the token.
  }
}

export function clearStoredPreview(storage: Pick<Storage, 'removeItem'> | null): void {
  try {
    storage?.removeItem(PREVIEW_STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

/** The token in effect: the address's first, then the one kept in session storage, then the cookie's. */
export function previewTokenFrom(sources: {
  query: string | null;
  stored: StoredPreview | null;
  cookie: string | null;
}): string | null {
  const query = sources.query?.trim();
  if (query) return query;
  return sources.stored?.token || sources.cookie?.trim() || null;
}

/** Whether the address asks for the staging site (`staging=1`, `true`, `yes` or `on`). */
export function asksForStaging(params: URLSearchParams): boolean {
  return ['1', 'true', 'yes', 'on'].includes((params.get(ARTICLE_STAGING_PARAM) ?? '').trim().toLowerCase());
}

/** `?…` without the preview's parameters ('' when nothing is left). */
export function withoutPreviewParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ARTICLE_PREVIEW_PARAM);
  params.delete(ARTICLE_STAGING_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The same page on the staging site, with the token (its own cookie is another site's). */
export function stagingPageUrl(stagingUrl: string, pathname: string, token: string): string {
  const url = new URL(pathname, `${stagingUrl.replace(/\/$/, '')}/`);
  url.searchParams.set(ARTICLE_PREVIEW_PARAM, token);
  return url.toString();
}

/** The cookie's removal as `document.cookie` writes it (when the server could not be reached). */
export const expiredPreviewCookie = `${ARTICLE_PREVIEW_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
