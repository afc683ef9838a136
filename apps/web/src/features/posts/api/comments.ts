import type { Comment, CommentInput, Paginated } from '@closia/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

export const COMMENTS_PAGE_SIZE = 20;

/** `GET /posts/{id}/comments?page&perPage` → the comments, oldest first. */
export function getComments(postId: number, page: number, signal?: AbortSignal) {
  return api.get<Paginated<Comment>>(`/posts/${postId}/comments`, {
    query: { page, perPage: COMMENTS_PAGE_SIZE },
    signal,
  });
}

export function getCommentsQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: postsKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.currentPage < last.meta.lastPage ? last.meta.currentPage + 1 : undefined,
  });
}

export function useComments(postId: number) {
  return useInfiniteQuery(getCommentsQueryOptions(postId));
}

/** After a comment is added or removed: the list, the post's count, the feeds' counts. */
function useRefreshComments() {
  const queryClient = useQueryClient();
  return (postId: number) => {
    void queryClient.invalidateQueries({ queryKey: postsKeys.comments(postId) });
    void queryClient.invalidateQueries({ queryKey: postsKeys.post(postId) });
    void queryClient.invalidateQueries({ queryKey: postsKeys.feeds, refetchType: 'none' });
  };
}

/** `POST /posts/{id}/comments` {body} → 201 the comment. */
export function createComment({ postId, input }: { postId: number; input: CommentInput }) {
  return api.post<Comment>(`/posts/${postId}/comments`, input);
}

export function useCreateComment() {
  const refresh = useRefreshComments();
  return useMutation({
    mutationFn: createComment,
    meta: { handlesError: true },
    onSuccess: (_, { postId }) => refresh(postId),
  });
}

/** `DELETE /comments/{id}` (its author, the post's author, an admin) → 204. */
export function deleteComment({ id }: { id: number; postId: number }) {
  return api.delete<void>(`/comments/${id}`);
}

export function useDeleteComment() {
  const refresh = useRefreshComments();
  return useMutation({
    mutationFn: deleteComment,
    meta: { handlesError: true },
    onSuccess: (_, { postId }) => refresh(postId),
  });
}
