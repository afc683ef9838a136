/**
 * The public road map (issue 22 §2): everyone reads the ideas of the three public columns (planned,
 * in progress, done) with their votes; a signed-in member votes (once per public idea) and
 * suggests ideas, which wait for an admin (`roadmap-admin.service.ts`). An idea that
 * is not public (a suggestion, a declined one) answers 404 to everyone but the admins.
 */
import {
  isPublicRoadmapStatus,
  type Paginated,
  type RoadmapItem,
  type RoadmapListQuery,
  type RoadmapSuggestionInput,
  type RoadmapVote,
  roadmapPublicStatuses,
} from '@closia/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { roadMapItems, roadMapVotes } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import { presentRoadmapItem, type RoadmapItemRow } from './roadmap.presenter';

/** What an idea shows; `viewerId`: the caller's id (0 for a visitor), for `votedByMe`. */
export const itemColumns = (viewerId: number) => ({
  id: roadMapItems.id,
  title: roadMapItems.title,
  description: roadMapItems.description,
  status: roadMapItems.status,
  category: roadMapItems.category,
  voteCount: roadMapItems.voteCount,
  votedByMe:
    sql<boolean>`exists(select 1 from ${roadMapVotes} where ${roadMapVotes.itemId} = ${roadMapItems.id} and ${roadMapVotes.userId} = ${viewerId})`.as(
      'voted_by_me',
    ),
  shippedAt: roadMapItems.shippedAt,
  createdAt: roadMapItems.createdAt,
  updatedAt: roadMapItems.updatedAt,
});

/** Newest first: a shipped idea by the day it shipped, the others by the day they were written. */
export const recentOrder = [
  desc(sql`coalesce(${roadMapItems.shippedAt}, ${roadMapItems.createdAt})`),
  desc(roadMapItems.id),
];

/** `GET /roadmap`: the public ideas, one column (`status`) or all three, most voted or newest first. */
export async function listRoadmap(
  db: DbOrTx,
  viewer: Viewer | null,
  query: RoadmapListQuery,
): Promise<Paginated<RoadmapItem>> {
  const where = query.status
    ? eq(roadMapItems.status, query.status)
    : inArray(roadMapItems.status, [...roadmapPublicStatuses]);
  const order =
    query.sort === 'votes'
      ? [desc(roadMapItems.voteCount), desc(roadMapItems.createdAt), desc(roadMapItems.id)]
      : recentOrder;
  const rows = await db
    .select({ ...itemColumns(viewer?.id ?? 0), total: sql<number>`count(*) over ()`.as('total') })
    .from(roadMapItems)
    .where(where)
    .orderBy(...order)
    .limit(query.perPage)
    .offset(offsetOf(query));
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    data: rows.map((row) => presentRoadmapItem(row as RoadmapItemRow)),
    meta: paginationMeta(total, query),
  };
}

/**
 * `PUT` (`voted`) or `DELETE /roadmap/{id}/vote`: idempotent. 404 for an idea that is not public
 * (a suggestion, a declined one). The count is kept by a trigger.
 */
export async function voteFor(db: Db, viewer: Viewer, id: number, voted: boolean): Promise<RoadmapVote> {
  const [item] = await db
    .select({ status: roadMapItems.status })
    .from(roadMapItems)
    .where(eq(roadMapItems.id, id));
  if (!item || !isPublicRoadmapStatus(item.status)) throw notFound('Road map item');
  if (voted) await db.insert(roadMapVotes).values({ itemId: id, userId: viewer.id }).onConflictDoNothing();
  else
    await db.delete(roadMapVotes).where(and(eq(roadMapVotes.itemId, id), eq(roadMapVotes.userId, viewer.id)));
  const [row] = await db
    .select({ voteCount: roadMapItems.voteCount })
    .from(roadMapItems)
    .where(eq(roadMapItems.id, id));
  return { voted, voteCount: row?.voteCount ?? 0 };
}

/** `POST /roadmap/suggestions`: a member's idea, unseen by others until an admin accepts it. */
export async function suggestIdea(
  db: Db,
  viewer: Viewer,
  input: RoadmapSuggestionInput,
): Promise<RoadmapItem> {
  const [row] = await db
    .insert(roadMapItems)
    .values({
      title: input.title,
      description: input.description,
      status: 'suggested',
      category: 'other',
      suggestedById: viewer.id,
    })
    .returning();
  return presentRoadmapItem({ ...row!, votedByMe: false });
}
