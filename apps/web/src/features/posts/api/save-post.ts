import type { Post, PostInput, PostUpdateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

/** `POST /posts` → 201 the post | 422 (fields, `CONTENT_UNSAFE`). */
export function createPost(input: PostInput) {
  return api.post<Post>('/posts', input);
}

/** `PUT /posts/{id}` (author or admin) → the post | 403/404 | 422. */
export function updatePost({ id, input }: { id: number; input: PostUpdateInput }) {
  return api.put<Post>(`/posts/${id}`, input);
}

/** `DELETE /posts/{id}` (author or admin) → 204. */
export function deletePost(id: number) {
  return api.delete<void>(`/posts/${id}`);
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    meta: { handlesError: true },
    onSuccess: (post) => {
      queryClient.setQueryData(postsKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postsKeys.feeds });
    },
  });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    meta: { handlesError: true },
    onSuccess: (post) => {
      queryClient.setQueryData(postsKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postsKeys.feeds });
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    meta: { handlesError: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: postsKeys.post(id) });
      void queryClient.invalidateQueries({ queryKey: postsKeys.feeds });
    },
  });
}
