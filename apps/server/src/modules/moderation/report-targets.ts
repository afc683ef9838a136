/**
 * What can be reported, one resolver per kind: how to find the target as the reporter sees it,
 * how to show it to a moderator, how to hide it. Issue 23 adds profiles, missions and messages by
 * adding a resolver here (and the kind in `reportKinds` of @closia/shared).
 */
import type { Report, ReportKind } from '@closia/shared';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { postComments, posts, users } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';
import { excerptOf, textOf } from '../posts/post-html';
import { mayRead } from '../posts/posts.service';
import { postsChanged } from '../posts/posts-generation';

export type ReportTarget = NonNullable<Report['target']>;

export interface TargetResolver {
  /** The target's author when the viewer can see it; null when unseen or gone (404). */
  authorOf(db: DbOrTx, viewer: Viewer, id: number): Promise<{ authorId: number } | null>;
  /** The targets of `ids` as the moderation list shows them (absent: deleted since). */
  previews(db: DbOrTx, ids: number[]): Promise<Map<number, ReportTarget>>;
  /** Hides the target from everyone but its author and admins (no-op when gone). */
  hide(tx: DbOrTx, id: number, at: Date): Promise<void>;
  /** The app's page of the target, for the reporter's notification (null when it is not to be shown). */
  linkAfterHiding(db: DbOrTx, id: number): Promise<string | null>;
  /** Caches to forget once a hiding has committed (`db`: the database, not the transaction). */
  afterHiding?(db: DbOrTx): void;
}

const fullName = (row: { firstName: string | null; lastName: string | null }) =>
  `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();

const postTarget: TargetResolver = {
  async authorOf(db, viewer, id) {
    const [row] = await db
      .select({ authorId: posts.authorId, status: posts.status, hiddenAt: posts.hiddenAt })
      .from(posts)
      .where(eq(posts.id, id));
    return row && mayRead(viewer, row) ? { authorId: row.authorId } : null;
  },
  async previews(db, ids) {
    const rows = await db
      .select({
        id: posts.id,
        title: posts.title,
        content: posts.content,
        hiddenAt: posts.hiddenAt,
        authorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(inArray(posts.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: row.title,
          excerpt: excerptOf(textOf(row.content)),
          author: { id: row.authorId, fullName: fullName(row) },
          link: `/app/posts/${row.id}`,
          hidden: row.hiddenAt !== null,
        },
      ]),
    );
  },
  async hide(tx, id, at) {
    await tx.update(posts).set({ hiddenAt: at }).where(eq(posts.id, id));
  },
  async linkAfterHiding() {
    return null;
  },
  // The feed's kept total counts public posts.
  afterHiding: (db) => postsChanged(db),
};

const commentTarget: TargetResolver = {
  async authorOf(db, viewer, id) {
    const [row] = await db
      .select({
        authorId: postComments.authorId,
        hiddenAt: postComments.hiddenAt,
        post: { authorId: posts.authorId, status: posts.status, hiddenAt: posts.hiddenAt },
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(eq(postComments.id, id));
    if (!row || !mayRead(viewer, row.post)) return null;
    if (row.hiddenAt !== null && row.authorId !== viewer.id && !viewer.admin) return null;
    return { authorId: row.authorId };
  },
  async previews(db, ids) {
    const rows = await db
      .select({
        id: postComments.id,
        postId: postComments.postId,
        body: postComments.body,
        hiddenAt: postComments.hiddenAt,
        postTitle: posts.title,
        authorId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .innerJoin(users, eq(users.id, postComments.authorId))
      .where(inArray(postComments.id, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          title: `Commentaire sur « ${row.postTitle} »`,
          excerpt: excerptOf(row.body),
          author: { id: row.authorId, fullName: fullName(row) },
          link: `/app/posts/${row.postId}#comment-${row.id}`,
          hidden: row.hiddenAt !== null,
        },
      ]),
    );
  },
  async hide(tx, id, at) {
    await tx.update(postComments).set({ hiddenAt: at }).where(eq(postComments.id, id));
  },
  async linkAfterHiding(db, id) {
    const [row] = await db
      .select({ postId: postComments.postId })
      .from(postComments)
      .where(eq(postComments.id, id));
    return row ? `/app/posts/${row.postId}` : null;
  },
};

export const targetResolvers: Record<ReportKind, TargetResolver> = {
  post: postTarget,
  comment: commentTarget,
};
