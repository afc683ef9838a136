import type {
  AdminServiceListQuery,
  JobSearchInput,
  Paginated,
  Service,
  ServiceCreateInput,
  ServiceUpdateInput,
} from '@closia/shared';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { applications, missions, services, users } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { offsetOf, type PaginationQuery, paginationMeta } from '../../lib/pagination';
import { textSearch } from '../../lib/text-search';
import { requireInfopreneur, type Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { assertUsableWorkSectors, workSectorNameMap } from '../reference/reference.service';
import { presentService, type ServiceExtras, type ServiceRow, serviceFields } from './services.presenter';

/** Visible to everyone: approved by an admin, active, not deleted. */
export const serviceIsListed = and(
  eq(services.validationStatus, 'approved'),
  eq(services.status, 'active'),
  isNull(services.deletedAt),
) as SQL;

const openMissionCount = sql<number>`(
  select count(*)::int from ${missions} m
  where m.service_id = ${services.id} and m.status = 'published' and m.mission_status = 'open'
)`;

function extrasSelection(viewerId: number | null) {
  return {
    owner: {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    },
    openMissionCount,
    favorite:
      viewerId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists(select 1 from favorites f where f.user_id = ${viewerId} and f.kind = 'service' and f.target_id = ${services.id})`,
  };
}

interface Loaded {
  service: ServiceRow;
  extras: ServiceExtras;
}

export async function loadServices(
  db: DbOrTx,
  where: SQL | undefined,
  viewerId: number | null,
  options: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<Loaded[]> {
  const { owner, openMissionCount: open, favorite } = extrasSelection(viewerId);
  let query = db
    .select({ service: serviceFields, owner, openMissionCount: open, favorite })
    .from(services)
    .innerJoin(users, eq(users.id, services.infopreneurId))
    .where(where)
    .orderBy(...(options.orderBy ?? [desc(services.createdAt), desc(services.id)]))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;
  return rows.map(({ service, owner: o, openMissionCount: c, favorite: f }) => ({
    service,
    extras: { owner: o, openMissionCount: c, favorite: f },
  }));
}

/** Presents rows; the rejection reason only to the owner and admins. */
export async function presentServices(db: DbOrTx, rows: Loaded[], viewer: Viewer | null): Promise<Service[]> {
  const names = await workSectorNameMap(
    db,
    rows.flatMap((r) => r.service.workSectorIds),
  );
  return rows.map(({ service, extras }) =>
    presentService(service, extras, names, !!viewer && (viewer.admin || viewer.id === service.infopreneurId)),
  );
}

async function presentOne(db: DbOrTx, id: number, viewer: Viewer | null): Promise<Service> {
  const [row] = await loadServices(db, eq(services.id, id), viewer?.id ?? null);
  if (!row) throw notFound('Service');
  const [service] = await presentServices(db, [row], viewer);
  return service!;
}

/** A service row the viewer owns (not deleted), locked for update; 404 otherwise. */
async function ownService(tx: DbOrTx, viewer: Viewer, id: number): Promise<ServiceRow> {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.infopreneurId, viewer.id), isNull(services.deletedAt)))
    .for('update');
  if (!row) throw notFound('Service');
  return row;
}

/** After a merge of stored and sent values: a location is required unless the offer is online. */
function assertLocation(locationType: string, location: string | null | undefined) {
  if (locationType !== 'online' && !location?.trim()) throw fieldError('location', 'required');
}

export async function createService(db: Db, viewer: Viewer, input: ServiceCreateInput): Promise<Service> {
  requireInfopreneur(viewer);
  const id = await db.transaction(async (tx) => {
    const sectors = [...new Set(input.workSectors ?? [])];
    await assertUsableWorkSectors(tx, sectors, viewer.id);
    assertLocation(input.locationType, input.location);
    const [row] = await tx
      .insert(services)
      .values({
        infopreneurId: viewer.id,
        name: input.name,
        description: input.description,
        price: input.price,
        commissionRate: input.commissionRate,
        financingMethods: [...new Set(input.financingMethods)],
        link: input.link,
        duration: input.duration,
        requestValidation: input.requestValidation ?? false,
        locationType: input.locationType,
        location: input.locationType === 'online' ? input.location?.trim() || null : input.location!.trim(),
        certifications: [...new Set(input.certifications ?? [])],
        workSectorIds: sectors,
        validationStatus: input.requestValidation ? 'pending_review' : 'not_submitted',
      })
      .returning({ id: services.id });
    return row!.id;
  });
  return presentOne(db, id, viewer);
}

export async function listMyServices(
  db: DbOrTx,
  viewer: Viewer,
  page: PaginationQuery,
): Promise<Paginated<Service>> {
  requireInfopreneur(viewer);
  const where = and(eq(services.infopreneurId, viewer.id), isNull(services.deletedAt));
  const [rows, [total]] = await Promise.all([
    loadServices(db, where, viewer.id, { limit: page.perPage, offset: offsetOf(page) }),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return { data: await presentServices(db, rows, viewer), meta: paginationMeta(total?.n ?? 0, page) };
}

/**
 * The owner and admins see every state; others only a listed offer (404 otherwise).
 * `listedOnly`: a listed offer whoever asks (the jobs catalogue).
 */
export async function getService(
  db: DbOrTx,
  viewer: Viewer | null,
  id: number,
  options: { listedOnly?: boolean } = {},
): Promise<Service> {
  const visible = options.listedOnly
    ? serviceIsListed
    : viewer?.admin
      ? isNull(services.deletedAt)
      : viewer
        ? sql`${services.deletedAt} is null and (${services.infopreneurId} = ${viewer.id} or (${serviceIsListed}))`
        : serviceIsListed;
  const [row] = await loadServices(db, and(eq(services.id, id), visible), viewer?.id ?? null);
  if (!row) throw notFound('Service');
  const [service] = await presentServices(db, [row], viewer);
  return service!;
}

/** Fields whose change sends an approved offer back to review. */
const REVIEWED_FIELDS = ['price', 'commissionRate', 'description'] as const;

export async function updateService(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: ServiceUpdateInput,
): Promise<Service> {
  await db.transaction(async (tx) => {
    const row = await ownService(tx, viewer, id);
    if (input.id !== undefined && input.id !== id)
      throw fieldError('id', 'sameAs', 'The id field must match the URL');
    const values: Partial<typeof services.$inferInsert> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.description !== undefined) values.description = input.description;
    if (input.price !== undefined) values.price = input.price;
    if (input.commissionRate !== undefined) values.commissionRate = input.commissionRate;
    if (input.financingMethods !== undefined) values.financingMethods = [...new Set(input.financingMethods)];
    if (input.link !== undefined) values.link = input.link;
    if (input.duration !== undefined) values.duration = input.duration;
    if (input.certifications !== undefined) values.certifications = [...new Set(input.certifications)];
    if (input.workSectors !== undefined) {
      const sectors = [...new Set(input.workSectors)];
      await assertUsableWorkSectors(tx, sectors, viewer.id);
      values.workSectorIds = sectors;
    }
    if (input.locationType !== undefined) values.locationType = input.locationType;
    if (input.location !== undefined) values.location = input.location?.trim() || null;
    const locationType = values.locationType ?? row.locationType;
    assertLocation(locationType, values.location === undefined ? row.location : values.location);
    if (input.requestValidation !== undefined) values.requestValidation = input.requestValidation;

    const changedReviewed = REVIEWED_FIELDS.some(
      (field) => values[field] !== undefined && values[field] !== row[field],
    );
    if (row.validationStatus === 'approved' && changedReviewed) {
      values.validationStatus = 'pending_review';
      values.reviewedAt = null;
    } else if (input.requestValidation && ['not_submitted', 'rejected'].includes(row.validationStatus)) {
      values.validationStatus = 'pending_review';
    }
    if (Object.keys(values).length > 0) await tx.update(services).set(values).where(eq(services.id, id));
  });
  work.forget('listings');
  return presentOne(db, id, viewer);
}

/** Soft delete; the offer's missions close (nobody can apply or sell them any more). */
export async function deleteService(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownService(tx, viewer, id);
    await tx.update(services).set({ deletedAt: new Date(), status: 'paused' }).where(eq(services.id, id));
    await tx
      .update(missions)
      .set({ missionStatus: 'closed' })
      .where(and(eq(missions.serviceId, id), inArray(missions.missionStatus, ['open', 'in_progress'])));
  });
  work.forget('listings');
}

/** Asks for a review: not submitted or rejected → pending_review (idempotent when already pending). */
export async function submitService(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<Service> {
  await db.transaction(async (tx) => {
    const row = await ownService(tx, viewer, id);
    if (row.validationStatus === 'approved')
      throw conflict('This offer is already approved', 'OFFER_ALREADY_APPROVED');
    if (row.validationStatus === 'pending_review') return;
    await tx
      .update(services)
      .set({ validationStatus: 'pending_review', rejectionReason: null, requestValidation: true })
      .where(eq(services.id, id));
  });
  work.forget('listings');
  return presentOne(db, id, viewer);
}

/**
 * The offers a user may attach to a deal: their own approved ones, and the approved, active ones
 * of missions they were accepted on.
 */
export function sellableBy(userId: number): SQL {
  return and(
    isNull(services.deletedAt),
    eq(services.validationStatus, 'approved'),
    sql`(${services.infopreneurId} = ${userId} or (${services.status} = 'active' and exists(
      select 1 from ${applications} a join ${missions} m on m.id = a.mission_id
      where a.user_id = ${userId} and a.status = 'accepted' and m.service_id = ${services.id} and m.status <> 'deleted'
    )))`,
  ) as SQL;
}

/** The offers the caller may attach to a deal (`GET /services/sellable`; see `sellableBy`). */
export async function listSellableServices(db: DbOrTx, viewer: Viewer): Promise<{ data: Service[] }> {
  const where = sellableBy(viewer.id);
  const rows = await loadServices(db, where, viewer.id, { orderBy: [asc(services.name), asc(services.id)] });
  return { data: await presentServices(db, rows, viewer) };
}

// Review by admins.

export async function listForReview(
  db: DbOrTx,
  admin: Viewer,
  query: AdminServiceListQuery,
): Promise<Paginated<Service>> {
  const conditions: SQL[] = [isNull(services.deletedAt)];
  if (query.validationStatus) conditions.push(eq(services.validationStatus, query.validationStatus));
  if (query.query) {
    conditions.push(sql`${services.searchText} like '%' || lower(unaccent(${query.query})) || '%'`);
  }
  const where = and(...conditions);
  // Oldest request first: a queue.
  const [rows, [total]] = await Promise.all([
    loadServices(db, where, admin.id, {
      orderBy: [asc(services.updatedAt), asc(services.id)],
      limit: query.perPage,
      offset: offsetOf(query),
    }),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return { data: await presentServices(db, rows, admin), meta: paginationMeta(total?.n ?? 0, query) };
}

async function ownerOf(db: DbOrTx, service: ServiceRow): Promise<UserRow> {
  const [owner] = await db.select().from(users).where(eq(users.id, service.infopreneurId));
  return owner!;
}

/** Approves or rejects an offer and e-mails its owner; the decision is final until the next edit. */
export async function reviewService(
  db: Db,
  work: UnitOfWork,
  admin: Viewer,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Service> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(services)
      .where(and(eq(services.id, id), isNull(services.deletedAt)))
      .for('update');
    if (!row) throw notFound('Service');
    await tx
      .update(services)
      .set(
        decision.approve
          ? { validationStatus: 'approved', rejectionReason: null, reviewedAt: new Date() }
          : { validationStatus: 'rejected', rejectionReason: decision.reason, reviewedAt: new Date() },
      )
      .where(eq(services.id, id));
    const owner = await ownerOf(tx, row);
    const path = '/dashboard/services';
    const link = `${work.appUrl}${path}`;
    await work.notify(
      tx,
      decision.approve
        ? {
            userId: owner.id,
            type: 'service_approved',
            title: `Votre offre « ${row.name} » est approuvée`,
            body: 'Elle est visible dans le catalogue : publiez des missions pour la vendre.',
            link: path,
            mail: {
              subject: `Votre offre « ${row.name} » est approuvée`,
              text: `Bonjour ${owner.firstName},\n\nVotre offre de formation « ${row.name} » a été approuvée : elle est visible dans le catalogue et vous pouvez publier des missions pour la vendre.\n\n${link}\n\nL'équipe Closia`,
              link,
            },
          }
        : {
            userId: owner.id,
            type: 'service_rejected',
            title: `Votre offre « ${row.name} » n'a pas été approuvée`,
            body: decision.reason,
            link: path,
            mail: {
              subject: `Votre offre « ${row.name} » n'a pas été approuvée`,
              text: `Bonjour ${owner.firstName},\n\nVotre offre de formation « ${row.name} » n'a pas été approuvée, pour la raison suivante :\n\n${decision.reason}\n\nModifiez-la puis soumettez-la de nouveau depuis votre tableau de bord :\n${link}\n\nL'équipe Closia`,
              link,
            },
          },
    );
  });
  work.forget('listings');
  return presentOne(db, id, admin);
}

// The catalogue of sellable offers (/app/jobs).

const jobSorts = {
  commissionAmount: sql`${services.price} * ${services.commissionRate}`,
  commissionRate: sql`${services.commissionRate}`,
  price: sql`${services.price}`,
  newest: sql`${services.createdAt}`,
} as const;

export async function searchJobs(
  db: DbOrTx,
  viewer: Viewer | null,
  input: JobSearchInput,
): Promise<Paginated<Service>> {
  const conditions: SQL[] = [serviceIsListed];
  const search = input.query?.trim() ? await textSearch(db, services.searchVector, input.query) : null;
  if (search) conditions.push(search.where);
  if (input.workSectors?.length)
    conditions.push(sql`${services.workSectorIds} && ${sql.param(input.workSectors)}::int[]`);
  if (input.financingMethods?.length)
    conditions.push(sql`${services.financingMethods} && ${sql.param(input.financingMethods)}::text[]`);
  if (input.certifications?.length)
    conditions.push(sql`${services.certifications} @> ${sql.param(input.certifications)}::text[]`);
  if (input.locationType) conditions.push(eq(services.locationType, input.locationType));
  if (input.commissionMin !== undefined)
    conditions.push(sql`${services.price} * ${services.commissionRate} / 100 >= ${input.commissionMin}`);
  const where = and(...conditions);

  const direction = input.sortOrder ?? 'desc';
  const orderBy: SQL[] = [];
  if (input.sortBy)
    orderBy.push(
      direction === 'asc' ? sql`${jobSorts[input.sortBy]} asc` : sql`${jobSorts[input.sortBy]} desc`,
    );
  else if (search) orderBy.push(sql`${search.rank} desc`);
  orderBy.push(desc(services.createdAt), desc(services.id));

  const page = { page: input.page, perPage: input.perPage };
  const [rows, [total]] = await Promise.all([
    loadServices(db, where, viewer?.id ?? null, { orderBy, limit: page.perPage, offset: offsetOf(page) }),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return { data: await presentServices(db, rows, viewer), meta: paginationMeta(total?.n ?? 0, page) };
}
