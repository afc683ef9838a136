import type { Paginated, PostSummary } from '@closia/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, type Query } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

export const FEED_PAGE_SIZE = 10;

/** `GET /posts?query&tag&authorId&sort&page&perPage` → the published posts (and the caller's own), newest or most liked first. */
export function getPosts(query: Query, page: number, signal?: AbortSignal) {
  return api.get<Paginated<PostSummary>>('/posts', {
    query: { ...query, page, perPage: FEED_PAGE_SIZE },
    signal,
  });
}

/** The feed, a page at a time (infinite scroll). */
export function getPostsQueryOptions(query: Query) {
  return infiniteQueryOptions({
    queryKey: postsKeys.feed(query),
    queryFn: ({ pageParam, signal }) => getPosts(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.currentPage < last.meta.lastPage ? last.meta.currentPage + 1 : undefined,
  });
}

export function usePosts(query: Query) {
  return useInfiniteQuery(getPostsQueryOptions(query));
}
