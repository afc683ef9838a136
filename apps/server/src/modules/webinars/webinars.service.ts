/**
 * Webinars (issue 21): an infopreneur (or an admin) announces one, members register, the owner
 * sees who registered and who joined. Everyone signed in reads them; the platform link and the
 * replay go only to registrants, the owner and admins (`webinars.presenter.ts`).
 */
import type { Paginated, Webinar, WebinarInput, WebinarListQuery, WebinarUpdateInput } from '@closia/shared';
import { and, asc, desc, eq, getTableColumns, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { services, users, webinarRegistrations, webinarSearch, webinars } from '../../db/schema';
import { now } from '../../lib/clock';
import { fieldError, fieldIssue, forbidden, notFound, refusal } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { requireRoomFor } from '../../lib/plan-usage';
import { textSearch } from '../../lib/text-search';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { cancelWebinarJobs, scheduleWebinarJobs } from './webinar-jobs';
import { notifyRegistrants } from './webinar-mail';
import { canManage, endOf, presentWebinar, type WebinarExtras, type WebinarRow } from './webinars.presenter';

/** A webinar lasts at most 8 hours: a start this far back bounds "not over yet" in the index. */
const LONGEST_MS = 480 * 60_000;

/** Every column but the search ones (never part of an answer). */
const { searchText: _searchText, searchVector: _searchVector, ...webinarColumns } = getTableColumns(webinars);

/** The webinar columns, its owner, its offer's name and the viewer's registration. */
function selectWebinars(db: DbOrTx, viewerId: number, total: SQL = sql`null`) {
  return db
    .select({
      row: webinarColumns,
      total: sql<number | null>`${total}`.as('total'),
      owner: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePicture: users.profilePicture,
      },
      serviceName: services.name,
      registration: {
        consentToContact: webinarRegistrations.consentToContact,
        createdAt: webinarRegistrations.createdAt,
        attendedAt: webinarRegistrations.attendedAt,
        joinToken: webinarRegistrations.joinToken,
      },
    })
    .from(webinars)
    .innerJoin(users, eq(users.id, webinars.userId))
    .leftJoin(services, eq(services.id, webinars.serviceId))
    .leftJoin(
      webinarRegistrations,
      and(eq(webinarRegistrations.webinarId, webinars.id), eq(webinarRegistrations.userId, viewerId)),
    );
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectWebinars>['execute']>>[number];

const extrasOf = (found: Selected): WebinarExtras => ({
  owner: found.owner,
  serviceName: found.serviceName,
  registration: found.registration?.joinToken ? found.registration : null,
});

const present = (found: Selected, viewer: Viewer, appUrl: string): Webinar =>
  presentWebinar(found.row as WebinarRow, extrasOf(found), viewer, now(), appUrl);

/** The webinar as the viewer sees it; 404 when there is none. */
export async function getWebinar(db: DbOrTx, viewer: Viewer, id: number, appUrl: string): Promise<Webinar> {
  const [found] = await selectWebinars(db, viewer.id).where(eq(webinars.id, id));
  if (!found) throw notFound('Webinar');
  return present(found, viewer, appUrl);
}

/** The row, locked for the write that follows; 404 when there is none. */
export async function lockWebinar(tx: DbOrTx, id: number): Promise<WebinarRow> {
  const [row] = await tx.select().from(webinars).where(eq(webinars.id, id)).for('update');
  if (!row) throw notFound('Webinar');
  return row;
}

/** Only infopreneurs and admins announce webinars. */
function requireHost(viewer: Viewer): void {
  if (!viewer.admin && viewer.kind !== 'infopreneur')
    throw forbidden('Only infopreneurs can create webinars', 'INFOPRENEUR_ONLY');
}

/** The start must be ahead: 422 on `startTime` otherwise. */
function requireFutureStart(startTime: Date): void {
  if (startTime.getTime() <= now().getTime())
    throw refusal('WEBINAR_IN_PAST', [
      fieldIssue('startTime', 'afterOrEqual', 'The startTime field must be a date in the future'),
    ]);
}

/** The offer must be one of the owner's approved offers. */
async function requireOwnOffer(tx: DbOrTx, ownerId: number, serviceId: number): Promise<void> {
  const [service] = await tx
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.id, serviceId),
        eq(services.infopreneurId, ownerId),
        eq(services.validationStatus, 'approved'),
      ),
    );
  if (!service)
    throw refusal('WEBINAR_SERVICE_NOT_OWNED', [
      fieldIssue('serviceId', 'exists', 'The selected serviceId is invalid'),
    ]);
}

/** Round-robin leads go to the setters of the offer's missions: it needs an offer. */
function requireOfferForRoundRobin(leadMode: string, serviceId: number | null | undefined): void {
  if (leadMode === 'round_robin' && !serviceId)
    throw fieldError('serviceId', 'requiredWhen', 'The serviceId field is required to share the leads');
}

const valuesOf = (input: WebinarUpdateInput) => {
  const values: Partial<typeof webinars.$inferInsert> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    (values as Record<string, unknown>)[key] = key === 'startTime' ? new Date(value as string) : value;
  }
  return values;
};

export async function createWebinar(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  input: WebinarInput,
): Promise<Webinar> {
  requireHost(viewer);
  const startTime = new Date(input.startTime);
  requireFutureStart(startTime);
  requireOfferForRoundRobin(input.leadMode, input.serviceId);
  const id = await db.transaction(async (tx) => {
    if (input.serviceId) await requireOwnOffer(tx, viewer.id, input.serviceId);
    if (input.price > 0) await requireRoomFor(tx, viewer.id, 'paidWebinars');
    const [row] = await tx
      .insert(webinars)
      .values({ ...valuesOf(input), userId: viewer.id } as typeof webinars.$inferInsert)
      .returning();
    await scheduleWebinarJobs(tx, row!, { timeChanged: false });
    return row!.id;
  });
  return getWebinar(db, viewer, id, work.appUrl);
}

export async function updateWebinar(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: WebinarUpdateInput,
): Promise<Webinar> {
  await db.transaction(async (tx) => {
    const current = await lockWebinar(tx, id);
    if (!canManage(viewer, current)) throw forbidden('Only the webinar owner can change it');
    const values = valuesOf(input);
    const timeChanged =
      values.startTime !== undefined && values.startTime.getTime() !== current.startTime.getTime();
    if (timeChanged) requireFutureStart(values.startTime!);
    requireOfferForRoundRobin(
      input.leadMode ?? current.leadMode,
      input.serviceId === undefined ? current.serviceId : input.serviceId,
    );
    if (input.serviceId && input.serviceId !== current.serviceId)
      await requireOwnOffer(tx, current.userId, input.serviceId);
    if (input.price !== undefined && input.price > 0 && Number(current.price) === 0)
      await requireRoomFor(tx, current.userId, 'paidWebinars');
    if (input.capacity && input.capacity < current.registrationCount)
      throw fieldError(
        'capacity',
        'min',
        `The capacity field must be at least ${current.registrationCount}`,
        {
          min: current.registrationCount,
        },
      );
    if (Object.keys(values).length === 0) return;
    const [updated] = await tx.update(webinars).set(values).where(eq(webinars.id, id)).returning();
    await scheduleWebinarJobs(tx, updated!, { timeChanged });
    const moved = timeChanged || values.durationMinutes !== undefined;
    if (moved && endOf(current) > now()) await notifyRegistrants(tx, work, updated!, 'rescheduled');
  });
  return getWebinar(db, viewer, id, work.appUrl);
}

/** Cancels (deletes) a webinar; the registrants of one not over yet are told. */
export async function deleteWebinar(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockWebinar(tx, id);
    if (!canManage(viewer, current)) throw forbidden('Only the webinar owner can cancel it');
    if (endOf(current) > now()) await notifyRegistrants(tx, work, current, 'canceled');
    await cancelWebinarJobs(tx, id);
    await tx.delete(webinars).where(eq(webinars.id, id));
  });
}

/**
 * `GET /webinars`: one tab of `/app/our-webinars`, searched and filtered, a page at a time.
 *
 * The tab finds, counts and pages its webinars in `webinar_search` (one narrow row per webinar,
 * kept by a trigger: ADR 023) and reads only its page's rows from `webinars`, in one statement:
 * the page's ids walk the start-time index; the total is a scalar subquery on the narrow table (a
 * window count would join every matching row first: 0.3–0.8 s at 10,000). One round trip: each
 * costs the server a socket write and a wake-up.
 */
export async function listWebinars(
  db: DbOrTx,
  viewer: Viewer,
  query: WebinarListQuery,
  appUrl: string,
): Promise<Paginated<Webinar>> {
  const at = now();
  const ws = webinarSearch;
  const conditions: SQL[] = [];
  let ascending = false;
  switch (query.when) {
    case 'upcoming':
      // Not over: started less than 8 h ago (the index) and ends after now.
      conditions.push(gt(ws.startTime, new Date(at.getTime() - LONGEST_MS)), gt(ws.endsAt, at));
      ascending = true;
      break;
    case 'past':
      conditions.push(lte(ws.startTime, at), lte(ws.endsAt, at));
      break;
    case 'mine':
      conditions.push(eq(ws.userId, viewer.id));
      break;
    case 'registered':
      conditions.push(
        sql`exists (select 1 from ${webinarRegistrations} where ${webinarRegistrations.webinarId} = ${ws.webinarId} and ${webinarRegistrations.userId} = ${viewer.id})`,
      );
      break;
  }
  if (query.language) conditions.push(eq(ws.language, query.language));
  if (query.free) conditions.push(eq(ws.free, true));
  if (query.query) {
    const search = await textSearch(db, ws.searchVector, query.query);
    if (!search) return { data: [], meta: paginationMeta(0, query) };
    conditions.push(search.where);
  }
  const where = and(...conditions);
  const by = ascending ? asc : desc;
  const pageIds = db
    .select({ id: ws.webinarId })
    .from(ws)
    .where(where)
    .orderBy(by(ws.startTime), by(ws.webinarId))
    .limit(query.perPage)
    .offset(offsetOf(query));
  const counted = db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ws)
    .where(where);
  const rows = await selectWebinars(db, viewer.id, sql`(${counted})`)
    .where(inArray(webinars.id, pageIds))
    .orderBy(by(webinars.startTime), by(webinars.id));
  // Past the last page there is no row to carry the total: counted alone.
  const total = rows.length > 0 ? Number(rows[0]!.total) : query.page > 1 ? ((await counted)[0]?.n ?? 0) : 0;
  return {
    data: rows.map((found) => presentWebinar(found.row as WebinarRow, extrasOf(found), viewer, at, appUrl)),
    meta: paginationMeta(total, query),
  };
}
