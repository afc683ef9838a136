import { ARTICLE_PREVIEW_COOKIE, ARTICLE_PREVIEW_PARAM } from '@closia/shared';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { readCookie } from '../../../lib/api-client';
import { leavePreviewOnServer, usePreviewStatus } from '../api/preview';
import {
  asksForStaging,
  clearStoredPreview,
  expiredPreviewCookie,
  previewTokenFrom,
  readStoredPreview,
  type StoredPreview,
  storePreview,
  withoutPreviewParams,
} from '../utils/preview-mode';

const session = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export interface PreviewMode {
  /** The token to read the article with (the address's, the session's or the cookie's). */
  token: string | null;
  /** The server said the token is valid: drafts and scheduled articles are readable. */
  active: boolean;
  expiresAt: string | null;
  stagingUrl: string | null;
  /** « Quitter l’aperçu »: the cookie and the session's copy cleared, the page reloaded without the token. */
  leave: () => Promise<void>;
}

/**
 * The preview mode of an article's page (spec §2). A token in `?preview=` (an admin's « Aperçu »),
 * in session storage or in the `closia_preview` cookie is checked with the server, which keeps a
 * valid one in the cookie; the page keeps it (and the staging address, `?staging=1`) in session
 * storage and takes it out of the address bar. An invalid or expired token is forgotten.
 */
export function usePreviewMode(): PreviewMode {
  const [params, setParams] = useSearchParams();
  const { pathname, search, hash } = useLocation();
  const [stored, setStored] = useState<StoredPreview | null>(() => readStoredPreview(session()));
  const query = params.get(ARTICLE_PREVIEW_PARAM);
  const staging = asksForStaging(params);
  const token = previewTokenFrom({ query, stored, cookie: readCookie(ARTICLE_PREVIEW_COOKIE) });
  const status = usePreviewStatus(token, staging, token !== null);
  const answer = status.data;

  useEffect(() => {
    if (!answer || !token) return;
    if (answer.active) {
      const kept = {
        token,
        stagingUrl: answer.stagingUrl ?? (stored?.token === token ? stored.stagingUrl : null),
      };
      if (kept.token !== stored?.token || kept.stagingUrl !== stored?.stagingUrl) {
        storePreview(session(), kept);
        setStored(kept);
      }
      if (query !== null) {
        setParams(
          (current) => {
            const next = new URLSearchParams(withoutPreviewParams(current.toString()));
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
      }
    } else if (stored) {
      clearStoredPreview(session());
      setStored(null);
    }
  }, [answer, token, query, stored, setParams]);

  const active = answer?.active === true;
  return {
    token,
    active,
    expiresAt: active ? (answer?.expiresAt ?? null) : null,
    stagingUrl: active ? (answer?.stagingUrl ?? stored?.stagingUrl ?? null) : null,
    leave: async () => {
      try {
        await leavePreviewOnServer();
      } catch {
        // Unreachable server: the cookie is readable, remove it here.
      }
      // biome-ignore lint/suspicious/noDocumentCookie: one removal, when the server could not be asked (Cookie Store API is not everywhere)
      document.cookie = expiredPreviewCookie;
      clearStoredPreview(session());
      window.location.replace(`${pathname}${withoutPreviewParams(search)}${hash}`);
    },
  };
}
