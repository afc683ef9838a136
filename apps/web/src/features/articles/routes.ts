import type { ComponentType } from 'react';

/** The blog's, the tutorials' and the articles' admin pages, behind one lazy module (see marketplace/routes.ts). */
export const articlesPages = {
  blog: () => import('./pages/articles-page').then((m) => m.BlogPage),
  tutorials: () => import('./pages/articles-page').then((m) => m.TutorialsPage),
  blogArticle: () => import('./pages/article-page').then((m) => m.BlogArticlePage),
  tutorial: () => import('./pages/article-page').then((m) => m.TutorialPage),
  admin: () => import('./pages/admin-articles-page').then((m) => m.AdminArticlesPage),
  create: () => import('./pages/article-editor-page').then((m) => m.ArticleCreatePage),
  edit: () => import('./pages/article-editor-page').then((m) => m.ArticleEditPage),
} satisfies Record<string, () => Promise<ComponentType>>;
