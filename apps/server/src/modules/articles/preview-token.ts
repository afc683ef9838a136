/**
 * Preview tokens (spec §2 "Preview mode"): an admin asks for one, and whoever holds it reads the
 * drafts and scheduled articles for an hour — in the `preview` query parameter or the
 * `closia_preview` cookie. `<expires (Unix seconds)>.<admin id>.<HMAC-SHA256>` signed with a key
 * derived from APP_KEY: nothing is stored, a forged or changed token fails its signature, an old
 * one its date (read from `lib/clock.ts`, which tests move).
 */
import { ARTICLE_PREVIEW_COOKIE, ARTICLE_PREVIEW_PARAM, articleLimits } from '@closia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { now } from '../../lib/clock';
import { hmac, safeEqual } from '../../lib/crypto';

export const PREVIEW_TOKEN_TTL_MS = articleLimits.previewTokenHours * 3600_000;

const TOKEN = /^(\d{1,12})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const signature = (appKey: string, payload: string) => hmac(`${appKey}:article-preview`, payload);

export function signPreviewToken(appKey: string, adminId: number): { token: string; expiresAt: Date } {
  const expiresAt = new Date(Math.floor((now().getTime() + PREVIEW_TOKEN_TTL_MS) / 1000) * 1000);
  const payload = `${expiresAt.getTime() / 1000}.${adminId}`;
  return { token: `${payload}.${signature(appKey, payload)}`, expiresAt };
}

/** When a valid token expires; null for anything else (malformed, forged, expired). */
export function previewTokenExpiry(appKey: string, token: string | null | undefined): Date | null {
  if (!token || token.length > articleLimits.previewTokenMax) return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, expires, adminId, sig] = match as unknown as [string, string, string, string];
  if (!safeEqual(sig, signature(appKey, `${expires}.${adminId}`))) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  return expiresAt.getTime() > now().getTime() ? expiresAt : null;
}

/** The token a request carries: the query parameter first, then the cookie. */
export function previewTokenOf(request: FastifyRequest): string | null {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.[ARTICLE_PREVIEW_PARAM];
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const fromCookie = request.cookies?.[ARTICLE_PREVIEW_COOKIE];
  return typeof fromCookie === 'string' && fromCookie !== '' ? fromCookie : null;
}

/**
 * Whether the request is in preview mode. A valid token that came in the query is kept in the
 * cookie until it expires (readable by the page's script, which shows the banner and clears it
 * with « Quitter l’aperçu »), so that the next pages keep the mode without it in their address.
 */
export function previewOf(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { appKey: string; secureCookies: boolean },
): Date | null {
  const token = previewTokenOf(request);
  const expiresAt = previewTokenExpiry(options.appKey, token);
  const query = request.query as Record<string, unknown> | undefined;
  if (expiresAt && token && query?.[ARTICLE_PREVIEW_PARAM] === token) {
    reply.setCookie(ARTICLE_PREVIEW_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      secure: options.secureCookies,
      httpOnly: false,
      expires: expiresAt,
    });
  }
  return expiresAt;
}

/** Ends the preview mode: the cookie cleared. */
export function clearPreviewCookie(reply: FastifyReply, secureCookies: boolean): void {
  reply.clearCookie(ARTICLE_PREVIEW_COOKIE, { path: '/', sameSite: 'lax', secure: secureCookies });
}
