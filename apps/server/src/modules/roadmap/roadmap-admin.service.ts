/**
 * The road map's administration (issue 22 §2): admins list every idea (suggestions first, as a
 * queue), write the team's ideas, move them between the columns, and accept or decline what
 * members suggest. Shipping an idea (`done`) tells every member who voted for it; accepting or
 * declining a suggestion tells whoever suggested it. Each action is audited.
 */
import type {
  AdminRoadmapItem,
  AdminRoadmapListQuery,
  Paginated,
  RoadmapDeclineInput,
  RoadmapItemInput,
  RoadmapItemUpdateInput,
} from '@closia/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { roadMapItems, roadMapVotes, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { now } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import { wordsMatch } from '../../lib/name-search';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { type AdminRoadmapItemRow, presentAdminRoadmapItem } from './roadmap.presenter';
import { itemColumns } from './roadmap.service';
import { notifyDecided, notifyShipped } from './roadmap-notices';

/** Who did it, from where: the audit log's actor and address. */
export interface AdminAct {
  admin: Viewer;
  ip: string | null;
}

function adminItems(db: DbOrTx, viewerId: number) {
  return db
    .select({
      ...itemColumns(viewerId),
      declinedReason: roadMapItems.declinedReason,
      suggestedBy: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(roadMapItems)
    .leftJoin(users, eq(users.id, roadMapItems.suggestedById));
}

/** `GET /admin/roadmap`: every idea of a status (or all), searched in titles and descriptions. */
export async function listAdminRoadmap(
  db: DbOrTx,
  admin: Viewer,
  query: AdminRoadmapListQuery,
): Promise<Paginated<AdminRoadmapItem>> {
  const where = and(
    query.status ? eq(roadMapItems.status, query.status) : undefined,
    wordsMatch([roadMapItems.title, roadMapItems.description], query.query),
  );
  // The suggestions first, oldest first (a queue); then the latest changes.
  const rows = await adminItems(db, admin.id)
    .where(where)
    .orderBy(
      sql`(${roadMapItems.status} <> 'suggested')`,
      sql`(case when ${roadMapItems.status} = 'suggested' then ${roadMapItems.createdAt} end) asc`,
      desc(roadMapItems.updatedAt),
      desc(roadMapItems.id),
    )
    .limit(query.perPage)
    .offset(offsetOf(query));
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    data: rows.map((row) => presentAdminRoadmapItem(row as AdminRoadmapItemRow)),
    meta: paginationMeta(total, query),
  };
}

export async function adminRoadmapItem(db: DbOrTx, admin: Viewer, id: number): Promise<AdminRoadmapItem> {
  const [row] = await adminItems(db, admin.id).where(eq(roadMapItems.id, id));
  if (!row) throw notFound('Road map item');
  return presentAdminRoadmapItem(row as AdminRoadmapItemRow);
}

/** The row, locked for the change (404 when there is none). */
async function lockedItem(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(roadMapItems).where(eq(roadMapItems.id, id)).for('update');
  if (!row) throw notFound('Road map item');
  return row;
}

type ItemRow = Awaited<ReturnType<typeof lockedItem>>;
const auditState = (row: Pick<ItemRow, 'title' | 'status' | 'category'>) => ({
  title: row.title,
  status: row.status,
  category: row.category,
});

/** Tells the voters once an idea goes to `done` (not the admin who shipped it). */
async function shipped(tx: DbOrTx, work: UnitOfWork, admin: Viewer, item: { id: number; title: string }) {
  const voters = await tx
    .select({ userId: roadMapVotes.userId })
    .from(roadMapVotes)
    .where(and(eq(roadMapVotes.itemId, item.id), ne(roadMapVotes.userId, admin.id)))
    .orderBy(asc(roadMapVotes.createdAt));
  for (const { userId } of voters) await notifyShipped(tx, work, userId, item);
}

/** `POST /admin/roadmap`: an idea of the team, public at once (shipped now when created `done`). */
export async function createRoadmapItem(
  db: Db,
  act: AdminAct,
  input: RoadmapItemInput,
): Promise<AdminRoadmapItem> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roadMapItems)
      .values({
        title: input.title,
        description: input.description,
        category: input.category,
        status: input.status,
        shippedAt: input.status === 'done' ? now() : null,
      })
      .returning();
    await audit(tx, {
      actorId: act.admin.id,
      action: 'roadmap.create',
      target: { kind: 'roadmap_item', id: row!.id },
      after: auditState(row!),
      ip: act.ip,
    });
    return row!.id;
  });
  return adminRoadmapItem(db, act.admin, id);
}

/**
 * `PUT /admin/roadmap/{id}`: any field. A suggestion keeps its status until it is accepted or
 * declined (409 `ROADMAP_WRONG_STATUS`); going to `done` ships the idea and tells its voters,
 * leaving `done` clears the date; a declined idea set back on the road map loses its reason.
 */
export async function updateRoadmapItem(
  db: Db,
  work: UnitOfWork,
  act: AdminAct,
  id: number,
  input: RoadmapItemUpdateInput,
): Promise<AdminRoadmapItem> {
  await db.transaction(async (tx) => {
    const before = await lockedItem(tx, id);
    const moving = input.status !== undefined && input.status !== before.status;
    if (moving && before.status === 'suggested')
      throw conflict('Accept or decline this suggestion first', 'ROADMAP_WRONG_STATUS');
    const changes: Partial<typeof roadMapItems.$inferInsert> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.category !== undefined) changes.category = input.category;
    if (moving) {
      changes.status = input.status;
      changes.shippedAt = input.status === 'done' ? now() : null;
      changes.declinedReason = null;
    }
    if (Object.keys(changes).length === 0) return;
    changes.updatedAt = now();
    const [after] = await tx.update(roadMapItems).set(changes).where(eq(roadMapItems.id, id)).returning();
    if (moving && input.status === 'done') await shipped(tx, work, act.admin, after!);
    await audit(tx, {
      actorId: act.admin.id,
      action: 'roadmap.update',
      target: { kind: 'roadmap_item', id },
      before: auditState(before),
      after: auditState(after!),
      ip: act.ip,
    });
  });
  return adminRoadmapItem(db, act.admin, id);
}

/** `DELETE /admin/roadmap/{id}`: the idea and its votes. */
export async function deleteRoadmapItem(db: Db, act: AdminAct, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedItem(tx, id);
    await tx.delete(roadMapItems).where(eq(roadMapItems.id, id));
    await audit(tx, {
      actorId: act.admin.id,
      action: 'roadmap.delete',
      target: { kind: 'roadmap_item', id },
      before: { ...auditState(before), voteCount: before.voteCount },
      ip: act.ip,
    });
  });
}

/** `POST /admin/roadmap/{id}/accept`: a suggestion goes to "Prévu" (409 `ROADMAP_WRONG_STATUS` otherwise). */
export async function acceptSuggestion(
  db: Db,
  work: UnitOfWork,
  act: AdminAct,
  id: number,
): Promise<AdminRoadmapItem> {
  await db.transaction(async (tx) => {
    const before = await lockedItem(tx, id);
    if (before.status !== 'suggested')
      throw conflict('This idea is not a suggestion waiting for moderation', 'ROADMAP_WRONG_STATUS');
    await tx.update(roadMapItems).set({ status: 'planned', updatedAt: now() }).where(eq(roadMapItems.id, id));
    if (before.suggestedById !== null)
      await notifyDecided(tx, work, before.suggestedById, { ...before, decision: 'accepted' });
    await audit(tx, {
      actorId: act.admin.id,
      action: 'roadmap.accept',
      target: { kind: 'roadmap_item', id },
      before: auditState(before),
      after: { ...auditState(before), status: 'planned' },
      ip: act.ip,
    });
  });
  return adminRoadmapItem(db, act.admin, id);
}

/**
 * `POST /admin/roadmap/{id}/decline` {reason}: a suggestion, or an idea not shipped yet, leaves
 * the road map (409 `ROADMAP_WRONG_STATUS` for a shipped or declined one); whoever suggested it
 * reads why.
 */
export async function declineRoadmapItem(
  db: Db,
  work: UnitOfWork,
  act: AdminAct,
  id: number,
  input: RoadmapDeclineInput,
): Promise<AdminRoadmapItem> {
  await db.transaction(async (tx) => {
    const before = await lockedItem(tx, id);
    if (before.status === 'done' || before.status === 'declined')
      throw conflict('A shipped or declined idea cannot be declined', 'ROADMAP_WRONG_STATUS');
    await tx
      .update(roadMapItems)
      .set({ status: 'declined', declinedReason: input.reason, shippedAt: null, updatedAt: now() })
      .where(eq(roadMapItems.id, id));
    if (before.suggestedById !== null)
      await notifyDecided(tx, work, before.suggestedById, {
        ...before,
        decision: 'declined',
        reason: input.reason,
      });
    await audit(tx, {
      actorId: act.admin.id,
      action: 'roadmap.decline',
      target: { kind: 'roadmap_item', id },
      reason: input.reason,
      before: auditState(before),
      after: { ...auditState(before), status: 'declined' },
      ip: act.ip,
    });
  });
  return adminRoadmapItem(db, act.admin, id);
}
