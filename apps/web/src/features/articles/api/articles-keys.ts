import type { ArticleKind } from '@closia/shared';
import type { Query } from '../../../lib/api-client';

/** The query keys of the blog and the tutorials: writes invalidate `all` (lists, pages, editor). */
export const articlesKeys = {
  all: ['articles'] as const,
  list: (query: Query) => ['articles', 'list', query] as const,
  /** One public article as the caller may read it: with the preview token, drafts too. */
  article: (kind: ArticleKind, slug: string, previewToken: string | null) =>
    ['articles', 'article', kind, slug, previewToken] as const,
  preview: (token: string | null, staging: boolean) => ['articles', 'preview', token, staging] as const,
  adminList: (query: Query) => ['articles', 'admin', 'list', query] as const,
  adminArticle: (id: number) => ['articles', 'admin', 'article', id] as const,
};
