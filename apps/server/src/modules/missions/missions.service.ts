import {
  type Match,
  type Mission,
  type MissionCreateInput,
  type MissionUpdateInput,
  missionTypes,
  type Paginated,
} from '@closia/shared';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  isNull,
  ne,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { applications, missions, type ProfileRow, services, users } from '../../db/schema';
import { conflict, fieldError, fieldIssue, notFound, refusal } from '../../lib/errors';
import { type FreelancerFacts, type MissionColumns, matchOf, yearsSince } from '../../lib/matching';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import { requireRoomFor } from '../../lib/plan-usage';
import { preparedPerDatabase } from '../../lib/prepared';
import { requireInfopreneur, type Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { workSectorNameMap } from '../reference/reference.service';
import { commissionAmountOf, namedRefs, type ServiceRow, userSummary } from '../services/services.presenter';

/** The columns an answer shows: every one but the search text and vector (kilobytes a row). */
const { searchText: _missionText, searchVector: _missionVector, ...missionShown } = getTableColumns(missions);
export const missionFields = missionShown;
export type MissionRow = Omit<typeof missions.$inferSelect, 'searchText' | 'searchVector'>;

/**
 * Listed for everyone: published and open, on a listed offer (the `listed` flag its trigger keeps).
 * The bare column, not `listed = $1`: a prepared statement's generic plan can then use the partial
 * indexes `where listed` (with a parameter PostgreSQL plans again on every execution).
 */
export const missionIsListed: SQL = sql`${missions.listed}`;

/** Setters, closers and setter-closers: the profile kinds that sell (the mission types). */
export const isFreelancerKind = (kind: string | null | undefined): boolean =>
  (missionTypes as readonly string[]).includes(kind ?? '');

/**
 * What the match needs of the signed-in freelancer, from their session (no query: the session
 * cache is invalidated by every profile change); null for anyone else.
 */
export function freelancerOf(viewer: Viewer | null): FreelancerFacts | null {
  const profile = viewer?.profile;
  if (!viewer || !profile || !isFreelancerKind(profile.kind)) return null;
  return freelancerFacts(profile, viewer.available ?? false);
}

/** What the match needs of the signed-in freelancer. */
export function freelancerFacts(profile: ProfileRow, available: boolean): FreelancerFacts {
  return {
    kind: profile.kind,
    conversionRate: profile.conversionRate,
    years: yearsSince(profile.experience),
    available,
    sectors: profile.workSectorIds,
    skills: profile.skills,
  };
}

/** The mission side of the match: columns of `missions` joined with `services`. */
export const missionColumns: MissionColumns = {
  missionType: sql`${missions.missionType}`,
  minConversionRate: sql`${missions.minConversionRate}`,
  minExperience: sql`${missions.minExperience}`,
  sectors: sql`${missions.offerSectors}`,
  mentionedSkills: sql`${missions.mentionedSkills}`,
};

/** What a mission answer shows of the mission and of its offer (no more is read). */
const answerMissionColumns = {
  id: missions.id,
  title: missions.title,
  description: missions.description,
  missionType: missions.missionType,
  minConversionRate: missions.minConversionRate,
  minExperience: missions.minExperience,
  ticket: missions.ticket,
  serviceId: missions.serviceId,
  infopreneurId: missions.infopreneurId,
  status: missions.status,
  missionStatus: missions.missionStatus,
  mentionedSkills: missions.mentionedSkills,
  createdAt: missions.createdAt,
  updatedAt: missions.updatedAt,
};
const answerServiceColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  price: services.price,
  commissionRate: services.commissionRate,
  financingMethods: services.financingMethods,
  certifications: services.certifications,
  locationType: services.locationType,
  location: services.location,
  workSectorIds: services.workSectorIds,
  duration: services.duration,
  link: services.link,
  validationStatus: services.validationStatus,
  status: services.status,
};

interface Loaded {
  mission: Pick<MissionRow, keyof typeof answerMissionColumns>;
  service: Pick<ServiceRow, keyof typeof answerServiceColumns>;
  owner: { id: number; firstName: string; lastName: string; profilePicture: string | null };
  applicationCount: number;
  acceptedCount: number;
  favorite: boolean;
  myApplicationId: number | null;
  myApplicationStatus: string | null;
  sponsoredBy: number | null;
}

export interface LoadOptions {
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
  /** targetId → advertisementId of the live sponsorships, to mark the rows they promote. */
  sponsored?: ReadonlyMap<number, number>;
}

/** Selects missions with their offer, owner and the viewer-dependent extras. */
/** What a mission answer reads, for the viewer `viewerId` (a user id, a placeholder, or null). */
function loadedColumns(viewerId: number | Placeholder | null) {
  const none = viewerId === null;
  return {
    mission: answerMissionColumns,
    service: answerServiceColumns,
    owner: {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    },
    applicationCount: sql<number>`(select count(*)::int from ${applications} a where a.mission_id = ${missions.id} and a.status <> 'withdrawn')`,
    acceptedCount: sql<number>`(select count(*)::int from ${applications} a where a.mission_id = ${missions.id} and a.status = 'accepted')`,
    favorite: none
      ? sql<boolean>`false`
      : sql<boolean>`exists(select 1 from favorites f where f.user_id = ${viewerId} and f.kind = 'mission' and f.target_id = ${missions.id})`,
    myApplicationId: none
      ? sql<number | null>`null::int`
      : sql<
          number | null
        >`(select a.id from ${applications} a where a.mission_id = ${missions.id} and a.user_id = ${viewerId})`,
    myApplicationStatus: none
      ? sql<string | null>`null::text`
      : sql<
          string | null
        >`(select a.status from ${applications} a where a.mission_id = ${missions.id} and a.user_id = ${viewerId})`,
  };
}

export async function loadMissions(
  db: DbOrTx,
  where: SQL | undefined,
  viewer: Viewer | null,
  options: LoadOptions = {},
): Promise<Loaded[]> {
  let query = db
    .select(loadedColumns(viewer?.id ?? null))
    .from(missions)
    .innerJoin(services, eq(services.id, missions.serviceId))
    .innerJoin(users, eq(users.id, missions.infopreneurId))
    .where(where)
    .orderBy(...(options.orderBy ?? [desc(missions.createdAt), desc(missions.id)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;
  return rows.map((row) => ({ ...row, sponsoredBy: options.sponsored?.get(row.mission.id) ?? null }));
}

/**
 * The listed missions of a page of ids, as a prepared statement (the searches load every page
 * through it: planning the joins and sub-queries cost more than running them).
 */
const listedByIds = preparedPerDatabase((db) =>
  db
    .select(loadedColumns(sql.placeholder('viewer')))
    .from(missions)
    .innerJoin(services, eq(services.id, missions.serviceId))
    .innerJoin(users, eq(users.id, missions.infopreneurId))
    .where(and(missionIsListed, sql`${missions.id} = any(${sql.placeholder('ids')}::int[])`))
    .prepare('listed_missions_by_ids'),
);

/** The missions of `ids` still listed, in the order of `ids`. */
export async function loadListedMissions(
  db: DbOrTx,
  ids: readonly number[],
  viewer: Viewer | null,
  sponsored?: ReadonlyMap<number, number>,
): Promise<Loaded[]> {
  if (ids.length === 0) return [];
  const rows = await listedByIds(db).execute({ viewer: viewer?.id ?? 0, ids: `{${ids.join(',')}}` });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows
    .sort((a, b) => position.get(a.mission.id)! - position.get(b.mission.id)!)
    .map((row) => ({ ...row, sponsoredBy: sponsored?.get(row.mission.id) ?? null }));
}

/** Presents loaded rows; `applicationCount` only for the owner. */
export async function presentMissions(
  db: DbOrTx,
  rows: Loaded[],
  viewer: Viewer | null,
  freelancer: FreelancerFacts | null = null,
): Promise<Mission[]> {
  const names = await workSectorNameMap(
    db,
    rows.flatMap((r) => r.service.workSectorIds),
  );
  return rows.map((row) => presentMission(row, names, viewer, freelancer));
}

function presentMission(
  row: Loaded,
  names: ReadonlyMap<number, string>,
  viewer: Viewer | null,
  freelancer: FreelancerFacts | null,
): Mission {
  const { mission: m, service: s } = row;
  const isOwner = viewer?.id === m.infopreneurId;
  const match: Match | null = freelancer
    ? matchOf(
        {
          missionType: m.missionType,
          minConversionRate: m.minConversionRate,
          minExperience: m.minExperience,
          sectors: s.workSectorIds,
          mentionedSkills: m.mentionedSkills,
        },
        freelancer,
      )
    : null;
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    missionType: m.missionType as Mission['missionType'],
    minConversionRate: m.minConversionRate,
    minExperience: m.minExperience,
    ticket: m.ticket,
    serviceId: m.serviceId,
    service: {
      id: s.id,
      name: s.name,
      description: s.description,
      price: s.price,
      commissionRate: s.commissionRate,
      commissionAmount: commissionAmountOf(s.price, s.commissionRate),
      financingMethods: s.financingMethods as Mission['service']['financingMethods'],
      certifications: s.certifications as Mission['service']['certifications'],
      locationType: s.locationType as Mission['service']['locationType'],
      location: s.location,
      workSectors: namedRefs(s.workSectorIds, names),
      duration: s.duration,
      link: s.link,
      validationStatus: s.validationStatus as Mission['service']['validationStatus'],
      status: s.status as Mission['service']['status'],
    },
    infopreneurId: m.infopreneurId,
    infopreneur: userSummary(row.owner),
    status: m.status as Mission['status'],
    missionStatus: m.missionStatus as Mission['missionStatus'],
    applicationCount: isOwner ? Number(row.applicationCount) : null,
    acceptedCount: Number(row.acceptedCount),
    favorite: Boolean(row.favorite),
    sponsored: row.sponsoredBy !== null,
    advertisementId: row.sponsoredBy,
    match,
    myApplication:
      row.myApplicationId !== null && row.myApplicationStatus !== null
        ? { id: row.myApplicationId, status: row.myApplicationStatus as Mission['missionStatus'] & never }
        : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/**
 * One mission as a viewer may see it, prepared: the owner every state but deleted, an admin or
 * an applicant too; others a listed one. Anyone signed out is viewer 0 (no one): listed only.
 */
const missionPage = preparedPerDatabase((db) => {
  const viewer = sql.placeholder('viewer');
  return db
    .select(loadedColumns(viewer))
    .from(missions)
    .innerJoin(services, eq(services.id, missions.serviceId))
    .innerJoin(users, eq(users.id, missions.infopreneurId))
    .where(
      and(
        eq(missions.id, sql.placeholder('id')),
        sql`${missions.status} <> 'deleted' and (${missions.infopreneurId} = ${viewer} or ${sql.placeholder('admin')}::boolean or (${missionIsListed}) or exists(select 1 from ${applications} a where a.mission_id = ${missions.id} and a.user_id = ${viewer}))`,
      ),
    )
    .prepare('mission_page');
});

/** One mission as the viewer may see it: the owner every state but deleted; others a listed one. */
export async function getMission(db: DbOrTx, viewer: Viewer | null, id: number): Promise<Mission> {
  const [row] = await missionPage(db).execute({ id, viewer: viewer?.id ?? 0, admin: viewer?.admin ?? false });
  if (!row) throw notFound('Mission');
  const [mission] = await presentMissions(db, [{ ...row, sponsoredBy: null }], viewer, freelancerOf(viewer));
  return mission!;
}

export async function listMyMissions(
  db: DbOrTx,
  viewer: Viewer,
  page: PaginationQuery,
): Promise<Paginated<Mission>> {
  requireInfopreneur(viewer, 'publish missions');
  const where = and(eq(missions.infopreneurId, viewer.id), ne(missions.status, 'deleted'));
  const [rows, [total]] = await Promise.all([
    loadMissions(db, where, viewer, { limit: page.perPage, offset: offsetOf(page) }),
    db.select({ n: count() }).from(missions).where(where),
  ]);
  return { data: await presentMissions(db, rows, viewer), meta: paginationMeta(total?.n ?? 0, page) };
}

/** One of the viewer's approved, active offers, or a 422 on `serviceId`. */
async function sellableOwnService(tx: DbOrTx, viewer: Viewer, serviceId: number): Promise<ServiceRow> {
  const [service] = await tx
    .select()
    .from(services)
    .where(
      and(eq(services.id, serviceId), eq(services.infopreneurId, viewer.id), isNull(services.deletedAt)),
    );
  if (!service) throw fieldError('serviceId', 'exists', 'The selected serviceId is invalid');
  if (service.validationStatus !== 'approved') {
    throw refusal('OFFER_NOT_APPROVED', [
      fieldIssue(
        'serviceId',
        'approved',
        'The selected service must be approved before missions are published',
        {
          validationStatus: service.validationStatus,
        },
      ),
    ]);
  }
  return service;
}

export async function createMission(db: Db, work: UnitOfWork, viewer: Viewer, input: MissionCreateInput) {
  requireInfopreneur(viewer, 'publish missions');
  const id = await db.transaction(async (tx) => {
    await sellableOwnService(tx, viewer, input.serviceId);
    const [row] = await tx
      .insert(missions)
      .values({
        infopreneurId: viewer.id,
        serviceId: input.serviceId,
        title: input.title.trim(),
        description: input.description?.trim() || null,
        missionType: input.missionType,
        minConversionRate: input.minConversionRate ?? null,
        minExperience: input.minExperience ?? null,
        ticket: input.ticket ?? null,
      })
      .returning({ id: missions.id });
    return row!.id;
  });
  work.forget('listings');
  return getMission(db, viewer, id);
}

/** A mission the viewer owns (not deleted), locked; 404 otherwise. */
export async function ownMission(tx: DbOrTx, viewer: Viewer, id: number): Promise<MissionRow> {
  const [row] = await tx
    .select()
    .from(missions)
    .where(and(eq(missions.id, id), eq(missions.infopreneurId, viewer.id), ne(missions.status, 'deleted')))
    .for('update');
  if (!row) throw notFound('Mission');
  return row;
}

export async function updateMission(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: MissionUpdateInput,
) {
  await db.transaction(async (tx) => {
    await ownMission(tx, viewer, id);
    const values: Partial<typeof missions.$inferInsert> = {};
    if (input.serviceId !== undefined) {
      await sellableOwnService(tx, viewer, input.serviceId);
      values.serviceId = input.serviceId;
    }
    if (input.title !== undefined) values.title = input.title.trim();
    if (input.description !== undefined) values.description = input.description?.trim() || null;
    if (input.missionType !== undefined) values.missionType = input.missionType;
    if (input.minConversionRate !== undefined) values.minConversionRate = input.minConversionRate;
    if (input.minExperience !== undefined) values.minExperience = input.minExperience;
    if (input.ticket !== undefined) values.ticket = input.ticket;
    if (Object.keys(values).length > 0) await tx.update(missions).set(values).where(eq(missions.id, id));
  });
  work.forget('listings');
  return getMission(db, viewer, id);
}

/** Soft delete: the mission leaves every list; pending applications are declined. */
export async function deleteMission(db: Db, work: UnitOfWork, viewer: Viewer, id: number) {
  await db.transaction(async (tx) => {
    await ownMission(tx, viewer, id);
    await tx.update(missions).set({ status: 'deleted', missionStatus: 'closed' }).where(eq(missions.id, id));
    await tx
      .update(applications)
      .set({ status: 'declined', decidedAt: new Date() })
      .where(and(eq(applications.missionId, id), eq(applications.status, 'pending')));
  });
  work.forget('listings');
}

/** draft → published (on an approved offer); publishing again is a no-op. */
export async function publishMission(db: Db, work: UnitOfWork, viewer: Viewer, id: number) {
  await db.transaction(async (tx) => {
    const row = await ownMission(tx, viewer, id);
    if (row.status === 'published') return;
    if (row.status === 'archived')
      throw conflict('An archived mission cannot be published again', 'MISSION_ARCHIVED');
    await sellableOwnService(tx, viewer, row.serviceId);
    // One more published mission: the plan must allow it (402 otherwise).
    await requireRoomFor(tx, viewer.id, 'publishedMissions');
    await tx
      .update(missions)
      .set({
        status: 'published',
        publishedAt: new Date(),
        missionStatus: row.missionStatus === 'closed' ? 'open' : row.missionStatus,
      })
      .where(eq(missions.id, id));
  });
  work.forget('listings');
  return getMission(db, viewer, id);
}

/** Hiring ends: → closed (filled when someone was accepted); pending applications are declined. */
export async function closeMission(db: Db, work: UnitOfWork, viewer: Viewer, id: number) {
  await db.transaction(async (tx) => {
    await ownMission(tx, viewer, id);
    const [accepted] = await tx
      .select({ n: count() })
      .from(applications)
      .where(and(eq(applications.missionId, id), eq(applications.status, 'accepted')));
    await tx
      .update(missions)
      .set({ missionStatus: (accepted?.n ?? 0) > 0 ? 'filled' : 'closed' })
      .where(eq(missions.id, id));
    await tx
      .update(applications)
      .set({ status: 'declined', decidedAt: new Date() })
      .where(and(eq(applications.missionId, id), eq(applications.status, 'pending')));
  });
  work.forget('listings');
  return getMission(db, viewer, id);
}

/** Open missions selling a listed offer (`GET /jobs/{id}`). */
export async function openMissionsOf(
  db: DbOrTx,
  viewer: Viewer | null,
  serviceId: number,
): Promise<Mission[]> {
  const rows = await loadMissions(db, and(eq(missions.serviceId, serviceId), missionIsListed), viewer, {
    limit: 100,
  });
  return presentMissions(db, rows, viewer);
}
