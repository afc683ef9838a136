import type { Query } from '../../../lib/api-client';

/** The query keys of the community feed: mutations invalidate by these. */
export const postsKeys = {
  all: ['posts'] as const,
  feeds: ['posts', 'feed'] as const,
  feed: (query: Query) => ['posts', 'feed', query] as const,
  post: (id: number) => ['posts', 'post', id] as const,
  comments: (postId: number) => ['posts', 'comments', postId] as const,
};
