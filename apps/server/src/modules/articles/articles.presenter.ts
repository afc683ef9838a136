/** Rows of `articles` → the answers of `@closia/shared` (`responses/articles.ts`). */
import {
  type Article,
  type ArticleAuthor,
  type ArticleCategory,
  type ArticleKind,
  type ArticleLink,
  type ArticleStatus,
  type ArticleSummary,
  type ArticleTocEntry,
  articlePath,
  avatarUrl,
  defaultApiBase,
} from '@closia/shared';

export interface ArticleAuthorRow {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
}

export interface ArticleSummaryRow {
  id: number;
  kind: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  status: string;
  publishedAt: Date | string | null;
  readingMinutes: number;
  coverImage: string | null;
  updatedAt: Date | string;
  author: ArticleAuthorRow;
}

/** What the server-rendered page reads of an article. */
export interface ArticlePageRow extends ArticleSummaryRow {
  html: string;
}

export interface ArticleRowFull extends ArticlePageRow {
  body: string;
  toc: ArticleTocEntry[];
}

/** Stored covers: random names (32 hex characters + .webp). */
export const STORED_COVER = /^[a-f0-9]{32}\.webp$/;

/** The storage key of a stored cover; null for an external URL (seeded) or an unknown name. */
export const coverKey = (name: string | null): string | null =>
  name && STORED_COVER.test(name) ? `articlecovers/${name}` : null;

/** The public path of a cover (`/api/v1/articles/covers/{file}`), an http(s) one as is. */
export function articleCoverUrl(name: string | null): string | null {
  if (!name) return null;
  if (name.startsWith('http')) return name;
  return STORED_COVER.test(name) ? `${defaultApiBase}/articles/covers/${name}` : null;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Public: published, or scheduled with its time passed (`at`: now). */
export function isPublic(row: { status: string; publishedAt: Date | string | null }, at: Date): boolean {
  const published = toDate(row.publishedAt);
  return row.status !== 'draft' && published !== null && published.getTime() <= at.getTime();
}

/** The status an answer shows: a scheduled article whose time passed reads `published`. */
export function effectiveStatus(
  row: { status: string; publishedAt: Date | string | null },
  at: Date,
): ArticleStatus {
  if (row.status === 'draft') return 'draft';
  return isPublic(row, at) ? 'published' : 'scheduled';
}

/** Who wrote it; an author whose account was deleted reads « L’équipe Closia ». */
export function presentArticleAuthor(row: ArticleAuthorRow): ArticleAuthor {
  if (row.id === null) return { id: 0, fullName: 'L’équipe Closia', avatarUrl: null };
  return {
    id: row.id,
    fullName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
    avatarUrl: avatarUrl({ profilePicture: row.profilePicture }),
  };
}

export function presentArticleSummary(row: ArticleSummaryRow, at: Date): ArticleSummary {
  const kind = row.kind as ArticleKind;
  return {
    id: row.id,
    kind,
    title: row.title,
    slug: row.slug,
    path: articlePath(kind, row.slug),
    description: row.description,
    category: row.category as ArticleCategory,
    tags: row.tags,
    status: effectiveStatus(row, at),
    publishedAt: toDate(row.publishedAt)?.toISOString() ?? null,
    readingMinutes: Number(row.readingMinutes),
    coverUrl: articleCoverUrl(row.coverImage),
    author: presentArticleAuthor(row.author),
    updatedAt: toDate(row.updatedAt)!.toISOString(),
  };
}

export function presentArticle(row: ArticleRowFull, at: Date): Article {
  return { ...presentArticleSummary(row, at), body: row.body, html: row.html, toc: row.toc };
}

export function presentArticleLink(row: {
  id: number;
  kind: string;
  title: string;
  slug: string;
}): ArticleLink {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    path: articlePath(row.kind as ArticleKind, row.slug),
  };
}
