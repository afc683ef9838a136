import type { Paginated, Post, PostLike, PostSummary } from '@closia/shared';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

/** `PUT /posts/{id}/like` (like) or `DELETE` (unlike) → `{ liked, likeCount }`; both idempotent. */
export function likePost({ id, liked }: { id: number; liked: boolean }) {
  const path = `/posts/${id}/like`;
  return liked ? api.put<PostLike>(path) : api.delete<PostLike>(path);
}

type Feed = InfiniteData<Paginated<PostSummary>>;
type Snapshot = [readonly unknown[], unknown][];

/** Writes the like state of post `id` into every cached copy (the post, every feed); returns the copies before. */
function writeLike(queryClient: QueryClient, id: number, like: (post: PostSummary) => PostLike): Snapshot {
  const snapshot: Snapshot = [];
  const apply = <T extends PostSummary>(post: T): T =>
    post.id === id ? { ...post, likedByMe: like(post).liked, likeCount: like(post).likeCount } : post;

  const postKey = postsKeys.post(id);
  const post = queryClient.getQueryData<Post>(postKey);
  if (post) {
    snapshot.push([postKey, post]);
    queryClient.setQueryData<Post>(postKey, apply(post));
  }
  for (const [key, feed] of queryClient.getQueriesData<Feed>({ queryKey: postsKeys.feeds })) {
    if (!feed) continue;
    snapshot.push([key, feed]);
    queryClient.setQueryData<Feed>(key, {
      ...feed,
      pages: feed.pages.map((page) => ({ ...page, data: page.data.map(apply) })),
    });
  }
  return snapshot;
}

/**
 * Like or unlike at once (optimistic): every copy shows the new state before the server answers,
 * the server's count replaces it, and a failure puts the copies back.
 */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likePost,
    meta: { handlesError: true },
    onMutate: async ({ id, liked }) => {
      await queryClient.cancelQueries({ queryKey: postsKeys.all });
      const snapshot = writeLike(queryClient, id, (post) => ({
        liked,
        likeCount: Math.max(0, post.likeCount + (liked === post.likedByMe ? 0 : liked ? 1 : -1)),
      }));
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer, { id }) => {
      writeLike(queryClient, id, () => answer);
    },
  });
}
