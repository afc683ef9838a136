import {
  type Advertisement,
  type AdvertisementCreateInput,
  type AdvertisementListQuery,
  type AdvertisementStatus,
  type AdvertisementUpdateInput,
  errorCodes,
  type Paginated,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { advertisements, missions, referenceProposers, services, workSectors } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { requireRoomFor } from '../../lib/plan-usage';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { workSectorNameMap } from '../reference/reference.service';
import { type AdvertisementRow, presentAdvertisement } from './advertisements.presenter';
import { flushImpressions, keepUpdatedAt, liveAt, plus } from './sponsorships.service';

const notFoundError = () => notFound('Advertisement');

const validationFailure = (errors: ValidationErrorItem[]) =>
  new AppError(422, errorCodes.validation, 'Validation failure', errors);

/** A campaign with the name of what it promotes (the service's name or the mission's title). */
const rowColumns = {
  ...getTableColumns(advertisements),
  targetName: sql<string | null>`coalesce(${services.name}, ${missions.title})`,
};

function selectRows(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(advertisements)
    .leftJoin(services, eq(services.id, advertisements.serviceId))
    .leftJoin(missions, eq(missions.id, advertisements.missionId));
}

/** Campaigns whose answered status is `status` at `now` (active or paused past their end are ended). */
function statusIs(status: AdvertisementStatus, now: Date): SQL | undefined {
  if (status === 'draft') return eq(advertisements.status, 'draft');
  if (status === 'ended') {
    return or(
      eq(advertisements.status, 'ended'),
      and(inArray(advertisements.status, ['active', 'paused']), lte(advertisements.endsAt, now)),
    );
  }
  return and(eq(advertisements.status, status), gt(advertisements.endsAt, now));
}

async function present(db: DbOrTx, rows: AdvertisementRow[]): Promise<Advertisement[]> {
  const names = await workSectorNameMap(
    db,
    rows.flatMap((r) => r.targetWorkSectorIds),
  );
  const now = new Date();
  return rows.map((row) => presentAdvertisement(row, names, now));
}

/** `GET /advertisements`: the owner's campaigns, newest first. */
export async function listAdvertisements(
  db: DbOrTx,
  ownerId: number,
  query: AdvertisementListQuery,
): Promise<Paginated<Advertisement>> {
  // The owner sees every impression served so far.
  await flushImpressions(db);
  const now = new Date();
  const where = and(
    eq(advertisements.infopreneurId, ownerId),
    query.status ? statusIs(query.status, now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(advertisements.createdAt), desc(advertisements.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(advertisements).where(where),
  ]);
  return { data: await present(db, rows), meta: paginationMeta(total?.n ?? 0, query) };
}

/** `GET /advertisements/{id}`: one of the owner's campaigns (404 for anyone else's). */
export async function getAdvertisement(db: DbOrTx, ownerId: number, id: number): Promise<Advertisement> {
  await flushImpressions(db);
  const [row] = await selectRows(db).where(
    and(eq(advertisements.id, id), eq(advertisements.infopreneurId, ownerId)),
  );
  if (!row) throw notFoundError();
  const [answer] = await present(db, [row]);
  return answer!;
}

/** 422 `exists` unless the target is one of the owner's services or missions (not deleted). */
async function targetErrors(
  db: DbOrTx,
  ownerId: number,
  input: Pick<AdvertisementCreateInput, 'serviceId' | 'missionId'>,
): Promise<ValidationErrorItem[]> {
  if (input.serviceId) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.id, input.serviceId),
          eq(services.infopreneurId, ownerId),
          isNull(services.deletedAt),
        ),
      );
    if (!service) {
      return [{ field: 'serviceId', rule: 'exists', message: 'The selected serviceId is invalid' }];
    }
  } else if (input.missionId) {
    const [mission] = await db
      .select({ id: missions.id })
      .from(missions)
      .where(
        and(
          eq(missions.id, input.missionId),
          eq(missions.infopreneurId, ownerId),
          ne(missions.status, 'deleted'),
        ),
      );
    if (!mission) {
      return [{ field: 'missionId', rule: 'exists', message: 'The selected missionId is invalid' }];
    }
  }
  return [];
}

/**
 * 422 `exists` on `targetWorkSectors.{i}` for every id that is not a work sector the owner may use:
 * an approved one, or a pending proposal of theirs (someone else's proposal stays private).
 */
async function sectorErrors(db: DbOrTx, ownerId: number, ids: number[]): Promise<ValidationErrorItem[]> {
  if (ids.length === 0) return [];
  const usable = await db
    .select({ id: workSectors.id })
    .from(workSectors)
    .where(
      and(
        inArray(workSectors.id, [...new Set(ids)]),
        or(
          eq(workSectors.approved, true),
          eq(workSectors.proposedById, ownerId),
          sql`exists (select 1 from ${referenceProposers} where ${and(
            eq(referenceProposers.kind, 'work_sector'),
            eq(referenceProposers.itemId, workSectors.id),
            eq(referenceProposers.userId, ownerId),
          )})`,
        ),
      ),
    );
  const found = new Set(usable.map((r) => r.id));
  return ids.flatMap((id, index) =>
    found.has(id)
      ? []
      : [
          {
            field: `targetWorkSectors.${index}`,
            rule: 'exists',
            message: 'The selected targetWorkSectors is invalid',
            index,
          },
        ],
  );
}

/** A campaign cannot be made active once its end date has passed. */
const endedError = (endsAt: Date): ValidationErrorItem => ({
  field: 'status',
  rule: 'invalid',
  message: 'The status field is invalid',
  meta: { reason: 'ended', endsAt: endsAt.toISOString() },
});

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Campaign dates lie between 2000 and 9999: the shared date field accepts any four-digit year, but
 * PostgreSQL refuses year 0 and the drivers read years below 100 back as 19xx/20xx.
 */
const earliest = Date.UTC(2000, 0, 1);
const latest = Date.UTC(10_000, 0, 1);
function dateErrors(dates: { startsAt?: Date; endsAt?: Date }): ValidationErrorItem[] {
  return (['startsAt', 'endsAt'] as const).flatMap((field) => {
    const time = dates[field]?.getTime();
    if (time === undefined || (time >= earliest && time < latest)) return [];
    return [{ field, rule: 'date', message: validationMessage('date', field) }];
  });
}

/** `POST /advertisements`: a new campaign of the owner (draft unless told otherwise). */
export async function createAdvertisement(
  db: DbOrTx,
  work: UnitOfWork,
  ownerId: number,
  input: AdvertisementCreateInput,
): Promise<Advertisement> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const status = input.status ?? 'draft';
  const errors = [
    ...dateErrors({ startsAt, endsAt }),
    ...(await targetErrors(db, ownerId, input)),
    ...(await sectorErrors(db, ownerId, input.targetWorkSectors ?? [])),
  ];
  if (status === 'active' && endsAt <= new Date()) errors.push(endedError(endsAt));
  if (errors.length > 0) throw validationFailure(errors);

  const [row] = await db.transaction(async (tx) => {
    await requireRoomFor(tx, ownerId, 'advertisements');
    return tx
      .insert(advertisements)
      .values({
        infopreneurId: ownerId,
        serviceId: input.serviceId ?? null,
        missionId: input.missionId ?? null,
        title: input.title,
        text: input.text,
        image: input.image ?? null,
        targetWorkSectorIds: unique(input.targetWorkSectors ?? []),
        targetRole: input.targetRole ?? null,
        startsAt,
        endsAt,
        status,
      })
      .returning({ id: advertisements.id });
  });
  work.forget('listings');
  return getAdvertisement(db, ownerId, row!.id);
}

/**
 * `PUT /advertisements/{id}`: changes the fields given. The dates are checked together with the
 * stored ones; `status: 'active'` is refused once the end date has passed.
 */
export async function updateAdvertisement(
  db: DbOrTx,
  work: UnitOfWork,
  ownerId: number,
  id: number,
  input: AdvertisementUpdateInput,
): Promise<Advertisement> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        startsAt: advertisements.startsAt,
        endsAt: advertisements.endsAt,
        status: advertisements.status,
      })
      .from(advertisements)
      .where(and(eq(advertisements.id, id), eq(advertisements.infopreneurId, ownerId)))
      .for('update');
    if (!current) throw notFoundError();

    const startsAt = input.startsAt === undefined ? current.startsAt : new Date(input.startsAt);
    const endsAt = input.endsAt === undefined ? current.endsAt : new Date(input.endsAt);
    const outOfRange = dateErrors({
      ...(input.startsAt === undefined ? {} : { startsAt }),
      ...(input.endsAt === undefined ? {} : { endsAt }),
    });
    if (outOfRange.length > 0) throw validationFailure(outOfRange);
    if (endsAt <= startsAt) throw fieldError('endsAt', 'after', undefined, { otherField: 'startsAt' });
    const errors = await sectorErrors(tx, ownerId, input.targetWorkSectors ?? []);
    if (input.status === 'active' && endsAt <= new Date()) errors.push(endedError(endsAt));
    if (errors.length > 0) throw validationFailure(errors);
    // An ended campaign brought back counts again against the plan.
    if (current.status === 'ended' && input.status !== undefined && input.status !== 'ended') {
      await requireRoomFor(tx, ownerId, 'advertisements');
    }

    const changes: Partial<typeof advertisements.$inferInsert> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.text !== undefined) changes.text = input.text;
    if (input.image !== undefined) changes.image = input.image;
    if (input.targetWorkSectors !== undefined) changes.targetWorkSectorIds = unique(input.targetWorkSectors);
    if (input.targetRole !== undefined) changes.targetRole = input.targetRole;
    if (input.startsAt !== undefined) changes.startsAt = startsAt;
    if (input.endsAt !== undefined) changes.endsAt = endsAt;
    if (input.status !== undefined) changes.status = input.status;
    if (Object.keys(changes).length === 0) return;
    await tx.update(advertisements).set(changes).where(eq(advertisements.id, id));
  });
  work.forget('listings');
  return getAdvertisement(db, ownerId, id);
}

/** `DELETE /advertisements/{id}`: removes the campaign for good. */
export async function deleteAdvertisement(
  db: DbOrTx,
  work: UnitOfWork,
  ownerId: number,
  id: number,
): Promise<void> {
  const deleted = await db
    .delete(advertisements)
    .where(and(eq(advertisements.id, id), eq(advertisements.infopreneurId, ownerId)))
    .returning({ id: advertisements.id });
  if (deleted.length === 0) throw notFoundError();
  work.forget('listings');
}

/**
 * `POST /advertisements/{id}/click`: counts a click while the campaign is live, unless the viewer
 * owns it; 404 when there is no such campaign.
 */
export async function recordClick(db: DbOrTx, id: number, viewerId: number | null): Promise<void> {
  const counted = await db
    .update(advertisements)
    .set({ clicks: plus(advertisements.clicks), updatedAt: keepUpdatedAt })
    .where(
      and(
        eq(advertisements.id, id),
        liveAt(new Date()),
        viewerId === null ? undefined : ne(advertisements.infopreneurId, viewerId),
      ),
    )
    .returning({ id: advertisements.id });
  if (counted.length > 0) return;
  const [exists] = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(eq(advertisements.id, id));
  if (!exists) throw notFoundError();
}
