import type {
  Article,
  ArticleCreateInput,
  ArticleList,
  ArticleRender,
  ArticleUpdateInput,
} from '@closia/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { articlesKeys } from './articles-keys';

/** `GET /admin/articles?kind=&status=&query=&page=&perPage=` → every article, the latest changed first. */
export function getAdminArticles(query: Query) {
  return api.get<ArticleList>('/admin/articles', { query });
}

export function useAdminArticles(query: Query) {
  return useQuery(
    queryOptions({
      queryKey: articlesKeys.adminList(query),
      queryFn: () => getAdminArticles(query),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET /admin/articles/{id}` → the article with its Markdown, for the editor | 404. */
export function getAdminArticle(id: number) {
  return api.get<Article>(`/admin/articles/${id}`);
}

export function useAdminArticle(id: number) {
  return useQuery(
    queryOptions({
      queryKey: articlesKeys.adminArticle(id),
      queryFn: () => getAdminArticle(id),
      // The editor holds its own copy: a refetch behind it would change nothing on screen.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** `POST /admin/articles` → 201 the article | 409 `ARTICLE_SLUG_TAKEN` | 422 (fields, reasons). */
export function createArticle(input: ArticleCreateInput) {
  return api.post<Article>('/admin/articles', input);
}

/** `PUT /admin/articles/{id}` → the article; a new slug keeps the old one answering 301. */
export function updateArticle({ id, input }: { id: number; input: ArticleUpdateInput }) {
  return api.put<Article>(`/admin/articles/${id}`, input);
}

/** `DELETE /admin/articles/{id}` → 204. */
export function deleteArticle(id: number) {
  return api.delete<void>(`/admin/articles/${id}`);
}

/** `POST /admin/articles/{id}/cover`, multipart field `photo` → the article | 422 `photo` | 413. */
export function uploadArticleCover({ id, file }: { id: number; file: File }) {
  const body = new FormData();
  body.append('photo', file);
  return api.post<Article>(`/admin/articles/${id}/cover`, body);
}

/** `DELETE /admin/articles/{id}/cover` → the article. */
export function deleteArticleCover(id: number) {
  return api.delete<Article>(`/admin/articles/${id}/cover`);
}

/** `POST /admin/articles/render` → the Markdown as the article would show it (the live preview). */
export function renderArticle(body: string, signal?: AbortSignal) {
  return api.post<ArticleRender>('/admin/articles/render', { body }, { signal });
}

/** A write of an article: its editor's copy replaced, every list and page refetched. */
function useArticleWrite<V>(mutationFn: (variables: V) => Promise<Article>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesError: true },
    onSuccess: (article) => {
      queryClient.setQueryData(articlesKeys.adminArticle(article.id), article);
      const saved = articlesKeys.adminArticle(article.id);
      void queryClient.invalidateQueries({
        queryKey: articlesKeys.all,
        predicate: (query) => !saved.every((part, index) => query.queryKey[index] === part),
      });
    },
  });
}

export const useCreateArticle = () => useArticleWrite(createArticle);
export const useUpdateArticle = () => useArticleWrite(updateArticle);
export const useUploadArticleCover = () => useArticleWrite(uploadArticleCover);
export const useDeleteArticleCover = () => useArticleWrite(deleteArticleCover);

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArticle,
    meta: { handlesError: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: articlesKeys.adminArticle(id) });
      void queryClient.invalidateQueries({ queryKey: articlesKeys.all });
    },
  });
}
