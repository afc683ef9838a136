/**
 * The demo's community feed (issue 21): about 25 posts of the demo accounts, the marketplace's
 * freelancers and the generated members over the last weeks (feed-posts.ts), their likes and
 * comments, one archived post, one draft of the demo setter, and a comment reported by a member,
 * waiting for the admin (`content_reports`, open).
 *
 * Bodies are stored as the API stores them: through the same sanitiser (`sanitisePostHtml`). A few
 * batched inserts; the triggers of migration 0025 keep the like and comment counters.
 *
 * Runs once: when none of the demo accounts has a post.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentReports, postComments, postLikes, posts, users } from '../db/schema';
import { sanitisePostHtml } from '../modules/posts/post-html';
import { demoPosts, REPORTED_COMMENT } from './feed-posts';
import { ensureDemoMembers } from './members';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const DEMO_EMAILS = [
  'setter@closia.fr',
  'closer@closia.fr',
  'setter-closer@closia.fr',
  'infopreneur@closia.fr',
  'ines.martin@demo.closia.fr',
  'thomas.bernard@demo.closia.fr',
  'lea.petit@demo.closia.fr',
  'hugo.robert@demo.closia.fr',
  'sarah.moreau@demo.closia.fr',
  'karim.haddad@demo.closia.fr',
];

/** Idempotent: the demo feed (see the top). */
export async function seedDemoFeed(db: Db, now = new Date()): Promise<boolean> {
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_EMAILS));
  if (accounts.length === 0) return false;
  const [existing] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      inArray(
        posts.authorId,
        accounts.map((account) => account.id),
      ),
    )
    .limit(1);
  if (existing) return false;

  await db.transaction(async (tx) => {
    const memberIds = await ensureDemoMembers(tx, now);
    const idOf = (who: string | number) =>
      typeof who === 'number' ? memberIds[who] : accounts.find((account) => account.email === who)?.id;
    // Who likes: everyone but the admin, the members after the demo accounts, turned per post.
    const likers = [...accounts.map((account) => account.id), ...memberIds];

    const written = demoPosts.filter((post) => idOf(post.by) !== undefined);
    const rows = await tx
      .insert(posts)
      .values(
        written.map((post) => {
          const at = new Date(now.getTime() - post.daysAgo * DAY_MS);
          const status = post.status ?? 'published';
          return {
            authorId: idOf(post.by)!,
            title: post.title,
            content: sanitisePostHtml(post.html).html,
            tags: post.tags,
            status,
            publishedAt: status === 'draft' ? null : at,
            createdAt: new Date(at.getTime() - HOUR_MS),
            updatedAt: at,
          };
        }),
      )
      .returning({ id: posts.id, authorId: posts.authorId, publishedAt: posts.publishedAt });

    const likes: (typeof postLikes.$inferInsert)[] = [];
    const comments: (typeof postComments.$inferInsert)[] = [];
    rows.forEach((row, index) => {
      const post = written[index]!;
      const published = row.publishedAt?.getTime() ?? now.getTime();
      const age = now.getTime() - published;
      const fans = likers.filter((id) => id !== row.authorId);
      for (let i = 0; i < Math.min(post.likes, fans.length); i++) {
        likes.push({
          postId: row.id,
          userId: fans[(index * 7 + i) % fans.length]!,
          createdAt: new Date(published + (age * (i + 1)) / (post.likes + 2)),
        });
      }
      post.comments.forEach((comment, i) => {
        const authorId = idOf(comment.by);
        if (authorId === undefined) return;
        const at = new Date(published + (age * (i + 1)) / (post.comments.length + 1));
        comments.push({ postId: row.id, authorId, body: comment.body, createdAt: at, updatedAt: at });
      });
    });
    if (likes.length > 0) await tx.insert(postLikes).values(likes).onConflictDoNothing();
    const commentRows =
      comments.length > 0
        ? await tx
            .insert(postComments)
            .values(comments)
            .returning({ id: postComments.id, postId: postComments.postId, authorId: postComments.authorId })
        : [];

    const reportedPost = rows[written.findIndex((post) => post.title === REPORTED_COMMENT.post)];
    const reported = commentRows.find(
      (c) => c.postId === reportedPost?.id && c.authorId === idOf(REPORTED_COMMENT.by),
    );
    const reporter = idOf('setter@closia.fr');
    if (reported && reporter !== undefined) {
      await tx.insert(contentReports).values({
        reporterId: reporter,
        kind: 'comment',
        targetId: reported.id,
        reason: 'Publicité pour des fichiers de contacts achetés : c’est du spam.',
        status: 'open',
        createdAt: new Date(now.getTime() - 9 * DAY_MS),
      });
    }
  });
  return true;
}
