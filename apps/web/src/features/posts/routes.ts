import type { ComponentType } from 'react';

/** The community feed's pages, behind one lazy module (see marketplace/routes.ts). */
export const postsPages = {
  feed: () => import('./pages/posts-page').then((m) => m.PostsPage),
  post: () => import('./pages/post-page').then((m) => m.PostPage),
  create: () => import('./pages/post-edit-page').then((m) => m.PostCreatePage),
  edit: () => import('./pages/post-edit-page').then((m) => m.PostEditPage),
} satisfies Record<string, () => Promise<ComponentType>>;
