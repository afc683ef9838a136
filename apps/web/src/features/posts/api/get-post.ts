import type { Post } from '@closia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

/** `GET /posts/{id}` → the post with its sanitised HTML body | 404 (missing, someone else's draft, hidden). */
export function getPost(id: number) {
  return api.get<Post>(`/posts/${id}`);
}

export function getPostQueryOptions(id: number) {
  return queryOptions({ queryKey: postsKeys.post(id), queryFn: () => getPost(id) });
}

export function usePost(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPostQueryOptions(id), enabled });
}
