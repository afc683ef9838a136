/**
 * Comments of a post (plain text, oldest first). Whoever can read a post may comment on it; a
 * comment goes away by its author, the post's author or an admin. A comment hidden by moderation
 * is shown only to its author and admins. The post's author is told of others' comments.
 */
import type { Comment, CommentInput, Paginated } from '@closia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { postComments, posts, profiles, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { type CommentRow, presentComment } from './posts.presenter';
import { authorColumns, mayRead, postFor } from './posts.service';

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  body: postComments.body,
  createdAt: postComments.createdAt,
  hiddenAt: postComments.hiddenAt,
  postAuthorId: posts.authorId,
  author: authorColumns,
};

const mayDelete = (viewer: Viewer, row: { author: { id: number }; postAuthorId: number }) =>
  viewer.admin || row.author.id === viewer.id || row.postAuthorId === viewer.id;

/** A hidden comment: seen by its author and admins only. */
const commentVisible = (viewer: Viewer) =>
  viewer.admin
    ? sql`true`
    : sql`(${postComments.hiddenAt} is null or ${postComments.authorId} = ${viewer.id})`;

function commentsQuery(db: DbOrTx) {
  return db
    .select({ ...commentColumns, total: sql<number>`count(*) over ()`.as('total') })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .innerJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id));
}

export async function listComments(
  db: DbOrTx,
  viewer: Viewer,
  postId: number,
  page: { page: number; perPage: number },
): Promise<Paginated<Comment>> {
  await postFor(db, viewer, postId, 'read');
  const rows = await commentsQuery(db)
    .where(and(eq(postComments.postId, postId), commentVisible(viewer)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(page.perPage)
    .offset(offsetOf(page));
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    data: rows.map((row) => presentComment(row as CommentRow, mayDelete(viewer, row))),
    meta: paginationMeta(total, page),
  };
}

async function commentOf(db: DbOrTx, viewer: Viewer, id: number): Promise<Comment> {
  const [row] = await commentsQuery(db).where(eq(postComments.id, id));
  if (!row) throw notFound('Comment');
  return presentComment(row as CommentRow, mayDelete(viewer, row));
}

export async function createComment(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  postId: number,
  input: CommentInput,
): Promise<Comment> {
  const post = await postFor(db, viewer, postId, 'read');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(postComments)
      .values({ postId, authorId: viewer.id, body: input.body })
      .returning({ id: postComments.id });
    if (post.authorId !== viewer.id) await notifyAuthor(tx, work, viewer, post, input.body);
    return row!.id;
  });
  return commentOf(db, viewer, id);
}

const preview = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

async function notifyAuthor(
  tx: DbOrTx,
  work: UnitOfWork,
  viewer: Viewer,
  post: { id: number; authorId: number; title: string },
  body: string,
) {
  const [who] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, viewer.id));
  const [author] = await tx
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, post.authorId));
  const name = `${who?.firstName ?? ''} ${who?.lastName ?? ''}`.trim() || 'Un membre';
  const link = `/app/posts/${post.id}`;
  await work.notify(tx, {
    userId: post.authorId,
    type: 'post_comment',
    actorId: viewer.id,
    title: `${name} a commenté votre publication « ${post.title} »`,
    body: preview(body),
    link,
    groupKey: `post-comments:${post.id}`,
    mail: {
      subject: `Nouveau commentaire sur « ${post.title} »`,
      text: `Bonjour ${author?.firstName ?? ''},\n\n${name} a commenté votre publication « ${post.title} » :\n\n« ${preview(body, 500)} »\n\nRépondre :\n${work.appUrl}${link}\n\nL'équipe Closia`,
      link: `${work.appUrl}${link}`,
    },
  });
}

/** Deletes a comment: its author, the post's author or an admin (403); unseen, 404. */
export async function deleteComment(db: Db, viewer: Viewer, id: number): Promise<void> {
  const [row] = await db
    .select({
      authorId: postComments.authorId,
      hiddenAt: postComments.hiddenAt,
      post: { authorId: posts.authorId, status: posts.status, hiddenAt: posts.hiddenAt },
    })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(eq(postComments.id, id));
  const seen =
    row && mayRead(viewer, row.post) && (row.hiddenAt === null || row.authorId === viewer.id || viewer.admin);
  if (!row || !seen) throw notFound('Comment');
  if (!mayDelete(viewer, { author: { id: row.authorId }, postAuthorId: row.post.authorId }))
    throw forbidden('Only the comment’s author, the post’s author or an admin can delete it');
  await db.delete(postComments).where(eq(postComments.id, id));
}
