/**
 * Deals: the pipeline of a seller (setter, closer, setter-closer, or an infopreneur selling their
 * own offer). This file creates, reads, lists, edits and deletes them; who may do what is
 * `deal-access.ts` (over `dealCan` in @closia/shared); the stage's changes (move, win, lose,
 * reopen, refund) are `deal-lifecycle.service.ts`, the handoff to a closer `deal-handoff.service.ts`,
 * the pipeline's sums `pipeline.service.ts`, the commission split `commission-split.service.ts`.
 * - a deal may belong to a team (`teamId`, one of its owner's teams): the team's members see it
 *   and edit and move it while it is open (the shared pipeline); the rest stays the owner's;
 * - every change of stage, probability or owner writes a history row in the same transaction;
 * - every write forgets the CRM's kept answers and tells a shared pipeline's team live, once
 *   committed (`dealChanged`, through the unit of work).
 */
import {
  type Deal,
  type DealCreateInput,
  type DealHistory,
  type DealListQuery,
  type DealUpdateInput,
  dealMayReach,
  errorCodes,
  isOpenStage,
  type Paginated,
  selectablePipelineStages,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import { and, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { applications, deals, missions, prospects, services, teamMembers } from '../../db/schema';
import { AppError, conflict, fieldError } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import { requireSharedPipeline } from '../../lib/plan-usage';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { sellableBy } from '../services/services.service';
import { requireCapability } from '../teams/teams.service';
import {
  assertDealCan,
  crmPeopleOf,
  dealChanged,
  dealFor,
  dealPageFor,
  dealsQuery,
  onOffersOf,
  openStages,
  setterStageForbidden,
  valueCentsSql,
} from './deal-access';
import { historyOf, record } from './deal-history';
import { type LoadedDeal, presentDeal, presentHistoryJson } from './deals.presenter';
import { hasPaidLines } from './ledger';

/** 422 on `status` for Closed and Lost: they are reached through win and lose. */
function assertOpenStage(status: string) {
  if (!openStages.includes(status)) {
    throw fieldError('status', 'enum', undefined, { choices: [...selectablePipelineStages] });
  }
}

/** 422 on `teamId` unless the user may work the team's pipeline (null: no team, always fine). */
async function teamProblem(
  tx: DbOrTx,
  userId: number,
  teamId: number | null | undefined,
): Promise<ValidationErrorItem | null> {
  if (!teamId) return null;
  const [row] = await tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .for('key share');
  if (row) return null;
  return { field: 'teamId', rule: 'exists', message: validationMessage('exists', 'teamId') };
}

/** 422 item unless the prospect is the user's own. */
async function prospectProblem(
  tx: DbOrTx,
  userId: number,
  prospectId: number,
): Promise<ValidationErrorItem | null> {
  const [row] = await tx
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.ownerId, userId)))
    .for('key share');
  if (row) return null;
  return { field: 'prospectId', rule: 'exists', message: validationMessage('exists', 'prospectId') };
}

/**
 * The offer a user may sell (`GET /services/sellable`) and the mission through which they sell
 * it (the latest they were accepted on; null for the infopreneur's own offer); null otherwise.
 */
async function saleOf(
  tx: DbOrTx,
  userId: number,
  serviceId: number,
): Promise<{ serviceId: number; missionId: number | null; infopreneurId: number } | null> {
  const [service] = await tx
    .select({ id: services.id, infopreneurId: services.infopreneurId })
    .from(services)
    .where(and(eq(services.id, serviceId), sellableBy(userId)));
  if (!service) return null;
  const { infopreneurId } = service;
  if (infopreneurId === userId) return { serviceId, missionId: null, infopreneurId };
  const [mission] = await tx
    .select({ id: missions.id })
    .from(applications)
    .innerJoin(missions, eq(missions.id, applications.missionId))
    .where(
      and(
        eq(applications.userId, userId),
        eq(applications.status, 'accepted'),
        eq(missions.serviceId, serviceId),
        ne(missions.status, 'deleted'),
      ),
    )
    .orderBy(desc(applications.decidedAt), desc(missions.id))
    .limit(1);
  return { serviceId, missionId: mission?.id ?? null, infopreneurId };
}

const sellableProblem = (): ValidationErrorItem => ({
  field: 'infopreneurFormationId',
  rule: 'sellable',
  message: validationMessage('sellable', 'infopreneurFormationId'),
});

function throwProblems(problems: (ValidationErrorItem | null)[]) {
  const errors = problems.filter((p): p is ValidationErrorItem => p !== null);
  if (errors.length > 0) throw new AppError(422, errorCodes.validation, 'Validation failure', errors);
}

const blankToNull = (text: string | undefined) => (text?.trim() ? text : null);

export async function createDeal(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  input: DealCreateInput,
): Promise<Deal> {
  assertOpenStage(input.status);
  const id = await db.transaction(async (tx) => {
    const prospect = await prospectProblem(tx, viewer.id, input.prospectId);
    const sale = await saleOf(tx, viewer.id, input.infopreneurFormationId);
    const team = await teamProblem(tx, viewer.id, input.teamId);
    throwProblems([prospect, sale ? null : sellableProblem(), team]);
    if (input.teamId) await requireSharedPipeline(tx, viewer.id, input.teamId);
    const [row] = await tx
      .insert(deals)
      .values({
        title: input.title,
        observations: blankToNull(input.observations),
        status: input.status,
        expectedCloseDate: input.expectedCloseDate,
        probability: input.probability ?? null,
        prospectId: input.prospectId,
        ownerId: viewer.id,
        serviceId: sale!.serviceId,
        missionId: sale!.missionId,
        teamId: input.teamId ?? null,
        stageChangedAt: new Date(),
      })
      .returning({ id: deals.id });
    // The stage it starts at: the funnel counts the stages each deal reached.
    await record(tx, row!.id, viewer.id, 'status', null, input.status);
    dealChanged(work, row!.id, input.teamId, [viewer.id, sale!.infopreneurId]);
    return row!.id;
  });
  return getDeal(db, viewer, id);
}

/** One deal with its history (owner, setter or the offer's infopreneur; 404 otherwise). */
export async function getDeal(db: DbOrTx, viewer: Viewer, id: number): Promise<Deal> {
  const { history, ...row } = await dealPageFor(db, viewer, id);
  return presentDeal(row, viewer.id, new Date(), history.map(presentHistoryJson));
}

export async function getDealHistory(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
): Promise<{ data: DealHistory[] }> {
  await dealFor(db, viewer, id, 'see');
  return { data: await historyOf(db, id) };
}

const sortColumns: Record<NonNullable<DealListQuery['sortBy']>, SQL> = {
  expectedCloseDate: sql`${deals.expectedCloseDate}`,
  updatedAt: sql`${deals.updatedAt}`,
  createdAt: sql`${deals.createdAt}`,
  probability: sql`${deals.probability}`,
  amount: valueCentsSql,
};

/**
 * `GET /deals`: the caller's deals (a team's, an infopreneur's offers'), filtered, sorted and paged.
 * The deals a seller works — owned or set — are the union of two index walks (theirs, ordered by an
 * owner index; the few they set for someone else), each cut at the page's end and merged: `owner =
 * me or setter = me` itself matches no index and would sort all of a heavy seller's deals for 20.
 */
export async function listDeals(db: DbOrTx, viewer: Viewer, query: DealListQuery): Promise<Paginated<Deal>> {
  const filters: SQL[] = [];
  let who: SQL | null = null;
  /** Owned or set by the viewer: read as two disjoint walks (see above). */
  let worked = false;
  if (query.teamId) {
    // A team's shared pipeline: every deal of the team, for its members only.
    await requireCapability(db, query.teamId, viewer.id, 'workPipeline');
    filters.push(eq(deals.teamId, query.teamId));
    if (query.owner === 'me') filters.push(eq(deals.ownerId, viewer.id));
    else if (query.owner === 'setter') filters.push(eq(deals.setterId, viewer.id));
  } else if (query.as === 'infopreneur') who = onOffersOf(viewer.id);
  else if (query.owner === 'me') who = eq(deals.ownerId, viewer.id);
  else if (query.owner === 'setter') who = eq(deals.setterId, viewer.id);
  else worked = true;
  if (query.status?.length) filters.push(inArray(deals.status, [...new Set(query.status)]));
  if (query.serviceId) filters.push(eq(deals.serviceId, query.serviceId));
  if (query.prospectId) filters.push(eq(deals.prospectId, query.prospectId));
  if (query.expectedCloseFrom)
    filters.push(sql`${deals.expectedCloseDate} >= ${query.expectedCloseFrom}::date`);
  if (query.expectedCloseTo) filters.push(sql`${deals.expectedCloseDate} <= ${query.expectedCloseTo}::date`);
  if (query.query) {
    filters.push(sql`strpos(
      lower(unaccent(${deals.title} || ' ' || ${prospects.firstName} || ' ' || coalesce(${prospects.lastName}, ''))),
      lower(unaccent(${query.query}))) > 0`);
  }
  const sortBy = query.sortBy ?? 'updatedAt';
  const key = sortColumns[sortBy];
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  // `nulls last` on the id too (never null): the order is then exactly the owner indexes' (0018).
  const orderBy = [sql`${key} ${direction} nulls last`, sql`${deals.id} desc nulls last`];
  // The joins the text filter and the sort by value need (a deal always has its prospect and owner).
  const joins = (sorting: boolean) =>
    sql`${query.query ? sql` inner join ${prospects} on ${prospects.id} = ${deals.prospectId}` : sql``}${
      sorting && sortBy === 'amount'
        ? sql` left join ${services} on ${services.id} = ${deals.serviceId}`
        : sql``
    }`;
  const offset = offsetOf(query);
  let rowsQuery: Promise<unknown[]>;
  let totalQuery: Promise<{ n: number }[]>;
  if (worked) {
    const owned = and(eq(deals.ownerId, viewer.id), ...filters)!;
    const setOnly = and(eq(deals.setterId, viewer.id), ne(deals.ownerId, viewer.id), ...filters)!;
    const end = offset + query.perPage;
    const walk = (where: SQL) =>
      sql`(select ${deals.id} as id, ${key} as k from ${deals}${joins(true)} where ${where}
        order by ${key} ${direction} nulls last, ${deals.id} desc nulls last limit ${end})`;
    const page = sql`select id from (${walk(owned)} union all ${walk(setOnly)}) page
      order by k ${direction} nulls last, id desc nulls last limit ${query.perPage} offset ${offset}`;
    rowsQuery = dealsQuery(db)
      .where(sql`${deals.id} in (${page})`)
      .orderBy(...orderBy);
    const counted = (where: SQL) => sql`(select count(*) from ${deals}${joins(false)} where ${where})`;
    totalQuery = rowsOf<{ n: number }>(db, sql`select (${counted(owned)} + ${counted(setOnly)})::int as n`);
  } else {
    const where = and(...(who ? [who] : []), ...filters);
    rowsQuery = dealsQuery(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset(offset);
    let counting = db.select({ n: count() }).from(deals).$dynamic();
    if (query.query) counting = counting.innerJoin(prospects, eq(prospects.id, deals.prospectId));
    if (query.as === 'infopreneur') counting = counting.leftJoin(services, eq(services.id, deals.serviceId));
    totalQuery = counting.where(where);
  }
  const [rows, [total]] = await Promise.all([rowsQuery, totalQuery]);
  const now = new Date();
  const teamMember = query.teamId !== undefined;
  return {
    data: (rows as LoadedDeal[]).map((row) => presentDeal({ ...row, teamMember }, viewer.id, now)),
    meta: paginationMeta(Number(total?.n ?? 0), query),
  };
}

const CLOSED_FIELDS_MESSAGE =
  'This deal is closed: reopen it to change its stage, probability, expected close date, prospect or offer';

/**
 * Edits a deal (whoever may edit it: `dealCan(…, 'edit')`); a closed deal changes only its title
 * and notes. Moving it to another team tells both teams.
 */
export async function updateDeal(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
  input: DealUpdateInput,
): Promise<Deal> {
  if (input.id !== id) throw fieldError('id', 'sameAs', 'The id field must match the URL');
  if (input.status !== undefined) assertOpenStage(input.status);
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'edit');
    const { deal, subject } = row;
    const values: Partial<typeof deals.$inferInsert> = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.observations !== undefined) values.observations = blankToNull(input.observations);

    const changesPipeline =
      (input.status !== undefined && input.status !== deal.status) ||
      (input.probability !== undefined && input.probability !== deal.probability) ||
      (input.expectedCloseDate !== undefined && input.expectedCloseDate !== deal.expectedCloseDate) ||
      (input.prospectId !== undefined && input.prospectId !== deal.prospectId) ||
      (input.infopreneurFormationId !== undefined && input.infopreneurFormationId !== deal.serviceId);
    if (changesPipeline && !isOpenStage(deal.status)) throw conflict(CLOSED_FIELDS_MESSAGE, 'DEAL_CLOSED');

    // A team member edits on the owner's behalf: the prospect and the offer must be the owner's.
    const seller = subject.viewerRole === 'team' ? deal.ownerId : viewer.id;
    const prospect =
      input.prospectId !== undefined && input.prospectId !== deal.prospectId
        ? await prospectProblem(tx, seller, input.prospectId)
        : null;
    let sellable: ValidationErrorItem | null = null;
    // Everyone who saw the deal, and the new offer's infopreneur when it changes offer.
    const people = crmPeopleOf(row);
    if (input.infopreneurFormationId !== undefined && input.infopreneurFormationId !== deal.serviceId) {
      const sale = await saleOf(tx, seller, input.infopreneurFormationId);
      if (sale) {
        Object.assign(values, { serviceId: sale.serviceId, missionId: sale.missionId });
        people.push(sale.infopreneurId);
      } else sellable = sellableProblem();
    }
    let team: ValidationErrorItem | null = null;
    if (input.teamId !== undefined && input.teamId !== deal.teamId) {
      assertDealCan(subject, 'chooseTeam', viewer.id);
      team = await teamProblem(tx, viewer.id, input.teamId);
      values.teamId = input.teamId;
    }
    throwProblems([prospect, sellable, team]);
    // Into a team's pipeline (not out of it): the team creator's plan must include it.
    if (values.teamId) await requireSharedPipeline(tx, viewer.id, values.teamId);
    if (input.prospectId !== undefined) values.prospectId = input.prospectId;
    if (input.expectedCloseDate !== undefined) values.expectedCloseDate = input.expectedCloseDate;

    if (input.status !== undefined && input.status !== deal.status) {
      if (!dealMayReach(subject, input.status)) throw setterStageForbidden();
      values.status = input.status;
      values.stageChangedAt = new Date();
      await record(tx, id, viewer.id, 'status', deal.status, input.status);
    }
    if (input.probability !== undefined && input.probability !== deal.probability) {
      values.probability = input.probability;
      await record(tx, id, viewer.id, 'probability', deal.probability, input.probability);
    }
    if (Object.keys(values).length > 0) await tx.update(deals).set(values).where(eq(deals.id, id));
    // The team it is on now, then the one it left.
    const teamId = values.teamId === undefined ? deal.teamId : values.teamId;
    dealChanged(work, id, teamId, people);
    if (teamId !== deal.teamId) dealChanged(work, id, deal.teamId, []);
  });
  return getDeal(db, viewer, id);
}

/** Deletes a deal (owner); a sale with paid commissions stays (refund it instead). */
export async function deleteDeal(db: Db, work: UnitOfWork, viewer: Viewer, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'delete');
    const { deal } = row;
    if (await hasPaidLines(tx, id)) {
      throw conflict(
        'A sale whose commissions were paid cannot be deleted: declare a refund instead',
        'COMMISSIONS_PAID',
      );
    }
    await tx.delete(deals).where(eq(deals.id, id));
    dealChanged(work, id, deal.teamId, crmPeopleOf(row));
  });
}
