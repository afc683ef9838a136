/**
 * The community feed's posts (issue 21 §3): write (author or admin), read (a draft or hidden post
 * only by its author and admins: 404 for anyone else), like. Bodies are sanitised here
 * (`post-html.ts`), never trusted from the client.
 */
import type { Post, PostInput, PostLike, PostUpdateInput } from '@closia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { postLikes, posts, profiles, users } from '../../db/schema';
import { now } from '../../lib/clock';
import { fieldError, fieldIssue, forbidden, notFound, refusal } from '../../lib/errors';
import { preparedPerDatabase } from '../../lib/prepared';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { sanitisePostHtml } from './post-html';
import { type PostRow, presentPost, STORED_NAME } from './posts.presenter';
import { postsChanged } from './posts-generation';

/** The author as cards show them (`profiles` left-joined on `users`). */
export const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  kind: profiles.kind,
};

/** What a feed row shows; `viewer`: the caller's id (0 for nobody), for `likedByMe`. */
export const summaryColumns = (viewer: unknown) => ({
  id: posts.id,
  authorId: posts.authorId,
  title: posts.title,
  head: sql<string>`left(${posts.content}, 3000)`.as('head'),
  tags: posts.tags,
  coverImage: posts.coverImage,
  status: posts.status,
  publishedAt: posts.publishedAt,
  hiddenAt: posts.hiddenAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  likedByMe:
    sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer})`.as(
      'liked_by_me',
    ),
  author: authorColumns,
});

/** In everyone's feed: published and not hidden by moderation. */
export const postIsPublic = sql`(${posts.status} = 'published' and ${posts.hiddenAt} is null)`;

/** Whether the viewer may see a post: everyone a public one; its author and admins any. */
export const mayRead = (viewer: Viewer, post: { authorId: number; status: string; hiddenAt: Date | null }) =>
  viewer.admin || post.authorId === viewer.id || (post.status === 'published' && post.hiddenAt === null);

export const mayWrite = (viewer: Viewer, post: { authorId: number }) =>
  viewer.admin || post.authorId === viewer.id;

const postPage = preparedPerDatabase((db) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select({ ...summaryColumns(viewer), content: posts.content })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(posts.id, sql.placeholder('id')),
        sql`(${postIsPublic} or ${posts.authorId} = ${viewer} or ${sql.placeholder('admin')}::boolean)`,
      ),
    )
    .prepare('post_page');
});

/** One post as the viewer may see it (404 otherwise). */
export async function getPost(db: DbOrTx, viewer: Viewer, id: number): Promise<Post> {
  const [row] = await postPage(db).execute({ id, viewer: viewer.id, admin: viewer.admin });
  if (!row) throw notFound('Post');
  return presentPost(row as PostRow, mayWrite(viewer, row));
}

/** The post's row for a check: the caller must see it (404) and, for `write`, be its author or an admin (403). */
export async function postFor(db: DbOrTx, viewer: Viewer, id: number, need: 'read' | 'write') {
  const [row] = await db
    .select({
      id: posts.id,
      authorId: posts.authorId,
      title: posts.title,
      status: posts.status,
      hiddenAt: posts.hiddenAt,
      publishedAt: posts.publishedAt,
      coverImage: posts.coverImage,
    })
    .from(posts)
    .where(eq(posts.id, id));
  if (!row || !mayRead(viewer, row)) throw notFound('Post');
  if (need === 'write' && !mayWrite(viewer, row)) throw forbidden('Only the author can change this post');
  return row;
}

/**
 * The body kept for what the client sent: 422 on `body` when nothing readable is left — with
 * `CONTENT_UNSAFE` when what was dropped was an external image or an active element.
 */
export function keptBody(html: string, origin: string | null): string {
  const body = sanitisePostHtml(html, origin);
  if (body.text === '' && !body.hasImage) {
    if (body.hadUnsafe)
      throw refusal('CONTENT_UNSAFE', [
        fieldIssue('body', 'unsafe', 'The body only holds external images or active content'),
      ]);
    throw fieldError('body', 'required', 'The body must hold some text or an image');
  }
  return body.html;
}

export async function createPost(db: Db, work: UnitOfWork, viewer: Viewer, input: PostInput): Promise<Post> {
  const content = keptBody(input.body, work.appUrl);
  const [row] = await db
    .insert(posts)
    .values({
      authorId: viewer.id,
      title: input.title,
      content,
      tags: input.tags,
      status: input.status,
      publishedAt: input.status === 'published' ? now() : null,
    })
    .returning({ id: posts.id });
  work.afterCommit(() => postsChanged(db));
  return getPost(db, viewer, row!.id);
}

export async function updatePost(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: PostUpdateInput,
): Promise<Post> {
  const before = await postFor(db, viewer, id, 'write');
  const changes: Partial<typeof posts.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.body !== undefined) changes.content = keptBody(input.body, work.appUrl);
  if (input.tags !== undefined) changes.tags = input.tags;
  if (input.status !== undefined) {
    changes.status = input.status;
    // Published the first time: the feed's date. A post published again keeps its first date.
    if (input.status === 'published' && before.publishedAt === null) changes.publishedAt = now();
  }
  if (Object.keys(changes).length > 0) {
    changes.updatedAt = now();
    await db.update(posts).set(changes).where(eq(posts.id, id));
    work.afterCommit(() => postsChanged(db));
  }
  return getPost(db, viewer, id);
}

export async function deletePost(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<void> {
  const before = await postFor(db, viewer, id, 'write');
  await db.delete(posts).where(eq(posts.id, id));
  const stored = storedCoverKey(before.coverImage);
  if (stored) work.deleteFile(stored);
  work.afterCommit(() => postsChanged(db));
}

/** The storage key of a cover or of an image of a post’s body (storage folders are letters only). */
export const coverKey = (name: string) => `postcovers/${name}`;
/** The storage key of a post's cover; null for an external URL (a seeded one) or an unknown name. */
export const storedCoverKey = (name: string | null): string | null =>
  name && STORED_NAME.test(name) ? coverKey(name) : null;
export const postImageKey = (name: string) => `postimages/${name}`;

/** Sets or removes the cover (the previous file deleted after the commit). */
export async function setCover(db: Db, work: UnitOfWork, viewer: Viewer, id: number, name: string | null) {
  const before = await postFor(db, viewer, id, 'write');
  await db.update(posts).set({ coverImage: name, updatedAt: now() }).where(eq(posts.id, id));
  const replaced = before.coverImage !== name ? storedCoverKey(before.coverImage) : null;
  if (replaced) work.deleteFile(replaced);
  return getPost(db, viewer, id);
}

/** Likes (`liked`) or unlikes a post the viewer can see; idempotent. The count is kept by a trigger. */
export async function likePost(db: Db, viewer: Viewer, id: number, liked: boolean): Promise<PostLike> {
  await postFor(db, viewer, id, 'read');
  if (liked) await db.insert(postLikes).values({ postId: id, userId: viewer.id }).onConflictDoNothing();
  else await db.delete(postLikes).where(and(eq(postLikes.postId, id), eq(postLikes.userId, viewer.id)));
  const [row] = await db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, id));
  return { liked, likeCount: row?.likeCount ?? 0 };
}
