/**
 * Webinars (issue 21): an infopreneur (or an admin) announces one, members register, the owner
 * sees who registered and who joined. Everyone signed in reads them; the platform link and the
 * replay go only to registrants, the owner and admins (`webinars.presenter.ts`).
 */
import type { Webinar, WebinarInput, WebinarUpdateInput } from '@closia/shared';
import { and, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { services, users, webinarRegistrations, webinars } from '../../db/schema';
import { now } from '../../lib/clock';
import { fieldError, fieldIssue, forbidden, notFound, refusal } from '../../lib/errors';
import { requireRoomFor } from '../../lib/plan-usage';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { cancelWebinarJobs, scheduleWebinarJobs } from './webinar-jobs';
import { notifyRegistrants } from './webinar-mail';
import { canManage, endOf, presentWebinar, type WebinarExtras, type WebinarRow } from './webinars.presenter';

/** Every column but the search ones (never part of an answer). */
const { searchText: _searchText, searchVector: _searchVector, ...webinarColumns } = getTableColumns(webinars);

/** The webinar columns, its owner, its offer's name and the viewer's registration. */
export function selectWebinars(db: DbOrTx, viewerId: number | Placeholder<'viewer'>, total: SQL = sql`null`) {
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

export type SelectedWebinar = Awaited<ReturnType<ReturnType<typeof selectWebinars>['execute']>>[number];

export const extrasOf = (found: SelectedWebinar): WebinarExtras => ({
  owner: found.owner,
  serviceName: found.serviceName,
  registration: found.registration?.joinToken ? found.registration : null,
});

const present = (found: SelectedWebinar, viewer: Viewer, appUrl: string): Webinar =>
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
