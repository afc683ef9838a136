/**
 * Favorites: a user stars freelancers, missions and offers (idempotent PUT/DELETE) and lists them
 * by kind, each with the item as the searches present it (null once it is no longer visible).
 */
import type { Favorite, FavoriteKind, FavoriteListQuery, Paginated } from '@closia/shared';
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { favorites, missions, profiles, services, users } from '../../db/schema';
import { fieldIssue, notFound, refusal } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import { freelancerIsListed, loadFreelancers, presentFreelancers } from '../freelancers/freelancers.service';
import { loadMissions, missionIsListed, presentMissions } from '../missions/missions.service';
import { loadServices, presentServices, serviceIsListed } from '../services/services.service';

/** What the viewer may star, per kind: listed items, or their own missions and offers. */
function visible(kind: FavoriteKind, viewer: Viewer, ids: number[]): SQL {
  switch (kind) {
    case 'user':
      return and(inArray(users.id, ids), freelancerIsListed) as SQL;
    case 'mission':
      return and(
        inArray(missions.id, ids),
        or(missionIsListed, and(eq(missions.infopreneurId, viewer.id), eq(missions.status, 'published'))),
      ) as SQL;
    case 'service':
      return and(
        inArray(services.id, ids),
        or(serviceIsListed, eq(services.infopreneurId, viewer.id)),
      ) as SQL;
  }
}

async function assertVisible(db: DbOrTx, viewer: Viewer, kind: FavoriteKind, id: number) {
  if (kind === 'user' && id === viewer.id)
    throw refusal('SELF_FAVORITE', [
      fieldIssue('id', 'notSelf', 'You cannot add yourself to your favorites'),
    ]);
  const where = visible(kind, viewer, [id]);
  const found =
    kind === 'user'
      ? await db
          .select({ id: users.id })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.userId))
          .where(where)
      : kind === 'mission'
        ? await db
            .select({ id: missions.id })
            .from(missions)
            .innerJoin(services, eq(services.id, missions.serviceId))
            .where(where)
        : await db.select({ id: services.id }).from(services).where(where);
  if (found.length === 0)
    throw notFound(kind === 'user' ? 'User' : kind === 'mission' ? 'Mission' : 'Service');
}

export async function addFavorite(db: DbOrTx, viewer: Viewer, kind: FavoriteKind, id: number): Promise<void> {
  await assertVisible(db, viewer, kind, id);
  await db.insert(favorites).values({ userId: viewer.id, kind, targetId: id }).onConflictDoNothing();
}

export async function removeFavorite(
  db: DbOrTx,
  viewer: Viewer,
  kind: FavoriteKind,
  id: number,
): Promise<void> {
  await db
    .delete(favorites)
    .where(and(eq(favorites.userId, viewer.id), eq(favorites.kind, kind), eq(favorites.targetId, id)));
}

export async function listFavorites(
  db: DbOrTx,
  viewer: Viewer,
  query: FavoriteListQuery,
): Promise<Paginated<Favorite>> {
  const where = and(eq(favorites.userId, viewer.id), query.kind ? eq(favorites.kind, query.kind) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(favorites)
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(favorites).where(where),
  ]);
  const idsOf = (kind: FavoriteKind) => rows.filter((r) => r.kind === kind).map((r) => r.targetId);
  const [userIds, missionIds, serviceIds] = [idsOf('user'), idsOf('mission'), idsOf('service')];
  const [people, jobs, offers] = await Promise.all([
    userIds.length
      ? loadFreelancers(db, visible('user', viewer, userIds), viewer).then((r) => presentFreelancers(db, r))
      : [],
    missionIds.length
      ? loadMissions(db, visible('mission', viewer, missionIds), viewer).then((r) =>
          presentMissions(db, r, viewer),
        )
      : [],
    serviceIds.length
      ? loadServices(db, visible('service', viewer, serviceIds), viewer.id).then((r) =>
          presentServices(db, r, viewer),
        )
      : [],
  ]);
  const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((item) => [item.id, item]));
  const [peopleById, jobsById, offersById] = [byId(people), byId(jobs), byId(offers)];
  return {
    data: rows.map((row) => ({
      kind: row.kind as FavoriteKind,
      targetId: row.targetId,
      createdAt: row.createdAt.toISOString(),
      user: row.kind === 'user' ? (peopleById.get(row.targetId) ?? null) : null,
      mission: row.kind === 'mission' ? (jobsById.get(row.targetId) ?? null) : null,
      service: row.kind === 'service' ? (offersById.get(row.targetId) ?? null) : null,
    })),
    meta: paginationMeta(total?.n ?? 0, query),
  };
}
