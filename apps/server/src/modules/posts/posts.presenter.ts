/** Rows of the community feed → the answers of `@closia/shared` (`responses/posts.ts`). */
import {
  type Comment,
  defaultApiBase,
  type Post,
  type PostAuthor,
  type PostStatus,
  type PostSummary,
  postStatuses,
  userTypes,
} from '@closia/shared';
import { excerptOf, textOf } from './post-html';

export interface AuthorRow {
  id: number;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  kind: string | null;
}

export interface PostSummaryRow {
  id: number;
  authorId: number;
  title: string;
  /** The beginning of the body's HTML (enough for an excerpt). */
  head: string;
  tags: string[];
  coverImage: string | null;
  status: string;
  publishedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  author: AuthorRow;
}

export interface PostRow extends PostSummaryRow {
  content: string;
}

/** Stored covers and images: random names (32 hex characters + .webp). */
export const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

/** The public path of a stored cover, as profile pictures give theirs (`avatarUrl`: an http(s) one as is). */
export function coverUrl(name: string | null): string | null {
  if (!name) return null;
  if (name.startsWith('http')) return name;
  return STORED_NAME.test(name) ? `${defaultApiBase}/posts/covers/${name}` : null;
}

/** The public path of an image stored for a post's body. */
export const postImageUrl = (name: string) => `${defaultApiBase}/posts/images/${name}`;

export function presentAuthor(row: AuthorRow): PostAuthor {
  return {
    id: row.id,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    profilePicture: row.profilePicture,
    type: (userTypes as readonly string[]).includes(row.kind ?? '')
      ? (row.kind as PostAuthor['type'])
      : 'unknown',
  };
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** The excerpt from the body's first characters (a tag cut at the end is dropped). */
const excerptOfHead = (head: string) => excerptOf(textOf(head.replace(/<[^>]*$/, '')));

export function presentPostSummary(row: PostSummaryRow): PostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerptOfHead(row.head),
    tags: row.tags,
    coverUrl: coverUrl(row.coverImage),
    status: (postStatuses as readonly string[]).includes(row.status) ? (row.status as PostStatus) : 'draft',
    author: presentAuthor(row.author),
    publishedAt: iso(row.publishedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    likeCount: Number(row.likeCount),
    commentCount: Number(row.commentCount),
    likedByMe: Boolean(row.likedByMe),
    hidden: row.hiddenAt !== null,
  };
}

export function presentPost(row: PostRow, canEdit: boolean): Post {
  return { ...presentPostSummary(row), body: row.content, canEdit };
}

export interface CommentRow {
  id: number;
  postId: number;
  body: string;
  createdAt: Date;
  hiddenAt: Date | null;
  postAuthorId: number;
  author: AuthorRow;
}

export function presentComment(row: CommentRow, canDelete: boolean): Comment {
  return {
    id: row.id,
    postId: row.postId,
    body: row.body,
    author: presentAuthor(row.author),
    createdAt: iso(row.createdAt)!,
    hidden: row.hiddenAt !== null,
    canDelete,
  };
}
