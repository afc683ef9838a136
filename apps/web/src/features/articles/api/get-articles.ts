import type { ArticleList } from '@closia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { articlesKeys } from './articles-keys';

/** `GET /articles?kind=&category=&tag=&query=&page=&perPage=` → published articles, newest first. */
export function getArticles(query: Query) {
  return api.get<ArticleList>('/articles', { query });
}

export function getArticlesQueryOptions(query: Query) {
  return queryOptions({
    queryKey: articlesKeys.list(query),
    queryFn: () => getArticles(query),
    placeholderData: keepPreviousData,
  });
}

export function useArticles(query: Query) {
  return useQuery(getArticlesQueryOptions(query));
}
