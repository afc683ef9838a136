import type { ArticleKind, ArticlePublic } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { articlesKeys } from './articles-keys';

/**
 * `GET /articles/{kind}/{slug…}?preview=` → the article with its related ones and (tutorials) its
 * neighbours | 404 (missing, or a draft without a valid preview token). An old slug answers 301 to
 * the new one, which the browser follows: the answer's `slug` is then the new one.
 */
export function getArticle(kind: ArticleKind, slug: string, previewToken: string | null) {
  const path = slug.split('/').map(encodeURIComponent).join('/');
  return api.get<ArticlePublic>(`/articles/${kind}/${path}`, {
    query: previewToken ? { preview: previewToken } : undefined,
  });
}

export function getArticleQueryOptions(kind: ArticleKind, slug: string, previewToken: string | null) {
  return queryOptions({
    queryKey: articlesKeys.article(kind, slug, previewToken),
    queryFn: () => getArticle(kind, slug, previewToken),
  });
}

export function useArticle(
  kind: ArticleKind,
  slug: string,
  previewToken: string | null,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...getArticleQueryOptions(kind, slug, previewToken), enabled });
}
