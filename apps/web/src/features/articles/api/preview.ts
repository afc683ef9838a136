import type { ArticlePreviewStatus, ArticlePreviewToken } from '@closia/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articlesKeys } from './articles-keys';

/**
 * `GET /articles/preview?preview=&staging=1` → whether the preview mode is on (a valid token in
 * the query, or the `closia_preview` cookie) and, with `staging`, the staging address. A valid
 * token of the query is kept in the cookie by the server.
 */
export function getPreviewStatus(token: string | null, staging: boolean) {
  return api.get<ArticlePreviewStatus>('/articles/preview', {
    query: { preview: token ?? undefined, staging: staging ? 1 : undefined },
  });
}

export function usePreviewStatus(token: string | null, staging: boolean, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: articlesKeys.preview(token, staging),
      queryFn: () => getPreviewStatus(token, staging),
      staleTime: 60_000,
      meta: { silent: true },
    }),
    enabled,
  });
}

/** `DELETE /articles/preview` → 204, the preview cookie cleared (« Quitter l’aperçu »). */
export function leavePreviewOnServer() {
  return api.delete<void>('/articles/preview');
}

/** `POST /admin/articles/preview-token` → a token valid one hour (admins). */
export function createPreviewToken() {
  return api.post<ArticlePreviewToken>('/admin/articles/preview-token');
}

export function useCreatePreviewToken() {
  return useMutation({ mutationFn: createPreviewToken, meta: { handlesError: true } });
}
