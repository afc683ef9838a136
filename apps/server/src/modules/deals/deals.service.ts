/**
 * Deals: the pipeline of a seller (setter, closer, setter-closer, or an infopreneur selling their
 * own offer). Who may do what, checked on the row:
 * - the owner and the setter (who handed the deal to its owner) see it; the offer's infopreneur
 *   sees the deals on their offers read-only; anyone else gets 404;
 * - the owner edits, moves, wins, loses, reopens, hands off and deletes it; the setter edits and
 *   moves it while it is at or before R2 (and only to those stages);
 * - a deal may belong to a team (`teamId`, one of its owner's teams): the team's members see it
 *   and edit and move it while it is open (the shared pipeline); the rest stays the owner's;
 * - a refund may be declared by the owner or by the infopreneur (who pays the customer back).
 * Every change of stage, probability or owner writes a history row in the same transaction.
 */
import {
  type Deal,
  type DealCreateInput,
  type DealHistory,
  type DealListQuery,
  type DealUpdateInput,
  type DealWinInput,
  dealProbability,
  errorCodes,
  isOpenStage,
  isSetterStage,
  MAX_SALE_AMOUNT,
  type Paginated,
  type PersonRef,
  type Pipeline,
  type PipelineStage,
  pipelineStages,
  selectablePipelineStages,
  type ValidationErrorItem,
  validationMessage,
} from '@closia/shared';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  applications,
  dealHistories,
  deals,
  missions,
  profiles,
  prospects,
  services,
  teamMembers,
  users,
} from '../../db/schema';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../lib/errors';
import { offsetOf, paginationMeta } from '../../lib/pagination';
import type { Viewer } from '../../lib/viewer';
import type { Notifier } from '../notifications/notifications.service';
import { sellableBy } from '../services/services.service';
import { requireCapability, roleIn } from '../teams/teams.service';
import {
  canEdit,
  type DealRow,
  fullNameOf,
  type LoadedDeal,
  personRef,
  presentDeal,
  presentHistory,
  viewerRoleOf,
} from './deals.presenter';
import {
  clawBack,
  DEFAULT_SETTER_SHARE_PERCENT,
  eurosToCents,
  hasPaidLines,
  removeUnpaidLines,
  today,
  winLines,
  writeWinLines,
} from './ledger';

const dealOwner = alias(users, 'deal_owner');
const dealSetter = alias(users, 'deal_setter');

const selection = {
  deal: deals,
  service: {
    id: services.id,
    name: services.name,
    price: services.price,
    commissionRate: services.commissionRate,
    infopreneurId: services.infopreneurId,
  },
  prospect: {
    id: prospects.id,
    firstName: prospects.firstName,
    lastName: prospects.lastName,
    email: prospects.email,
    phone: prospects.phone,
  },
  owner: { id: dealOwner.id, firstName: dealOwner.firstName, lastName: dealOwner.lastName },
  setter: { id: dealSetter.id, firstName: dealSetter.firstName, lastName: dealSetter.lastName },
};

/** Deals with their offer, prospect, owner and setter (the joins every list and filter uses). */
function dealsQuery(db: DbOrTx) {
  return db
    .select(selection)
    .from(deals)
    .innerJoin(prospects, eq(prospects.id, deals.prospectId))
    .innerJoin(dealOwner, eq(dealOwner.id, deals.ownerId))
    .leftJoin(dealSetter, eq(dealSetter.id, deals.setterId))
    .leftJoin(services, eq(services.id, deals.serviceId))
    .$dynamic();
}

/** The deals a seller works: owned, or handed off by them (setter). */
export const workedBy = (userId: number) => or(eq(deals.ownerId, userId), eq(deals.setterId, userId)) as SQL;
/** The deals on an infopreneur's offers (needs the join on services). */
export const onOffersOf = (userId: number) => eq(services.infopreneurId, userId);

/** A deal's value in cents: the amount sold when won, else the offer's price (0 without an offer). */
export const valueCentsSql = sql<number>`coalesce(${deals.amountCents}::numeric, round(${services.price} * 100), 0)`;

/** Stored values of the six open stages. */
const openStages = selectablePipelineStages as readonly string[];

/** 422 on `status` for Closed and Lost: they are reached through win and lose. */
function assertOpenStage(status: string) {
  if (!openStages.includes(status)) {
    throw fieldError('status', 'enum', undefined, { choices: [...selectablePipelineStages] });
  }
}

async function loadOne(tx: DbOrTx, id: number, lock: boolean): Promise<LoadedDeal | undefined> {
  const query = dealsQuery(tx).where(eq(deals.id, id));
  const [row] = lock ? await query.for('update', { of: deals }) : await query;
  return row as LoadedDeal | undefined;
}

type Need = 'see' | 'edit' | 'owner' | 'refund';

/**
 * The deal, locked when it is to change, if the viewer may `need` it: 404 when they may not see
 * it, 403 when they see it but may not act.
 */
async function dealFor(tx: DbOrTx, viewer: Viewer, id: number, need: Need): Promise<LoadedDeal> {
  const row = await loadOne(tx, id, need !== 'see');
  // A team member (its setter included) works a team deal like the rest of the team.
  if (row?.deal.teamId && row.deal.ownerId !== viewer.id) {
    row.teamMember = (await roleIn(tx, row.deal.teamId, viewer.id)) !== null;
  }
  const role = row ? viewerRoleOf(row, viewer.id) : null;
  if (!row || !role) throw notFound('Deal');
  if (need === 'see') return row;
  if (role === 'infopreneur' && need !== 'refund') {
    throw forbidden('The infopreneur of the offer follows this deal read-only');
  }
  const infopreneurRefund = need === 'refund' && row.service?.infopreneurId === viewer.id;
  if (role === 'team' && need !== 'edit' && !infopreneurRefund) {
    throw forbidden('The team works this deal; winning, losing and handing it off stay with its owner');
  }
  if (need === 'edit' && !canEdit(role, row.deal.status)) {
    throw forbidden('After R2 the deal belongs to its closer: only its owner can change it');
  }
  if (need === 'owner' && role !== 'owner') throw forbidden('Only the owner of the deal can do this');
  if (need === 'refund' && role === 'setter') throw forbidden('Only the owner of the deal can do this');
  return row;
}

/** Writes one history row (in the caller's transaction). */
async function record(
  tx: DbOrTx,
  dealId: number,
  userId: number,
  field: DealHistory['field'],
  fromValue: string | number | null,
  toValue: string | number | null,
  note?: string | null,
) {
  await tx.insert(dealHistories).values({
    dealId,
    userId,
    field,
    fromValue: fromValue === null ? null : String(fromValue),
    toValue: toValue === null ? null : String(toValue),
    note: note || null,
  });
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
): Promise<{ serviceId: number; missionId: number | null } | null> {
  const [service] = await tx
    .select({ id: services.id, infopreneurId: services.infopreneurId })
    .from(services)
    .where(and(eq(services.id, serviceId), sellableBy(userId)));
  if (!service) return null;
  if (service.infopreneurId === userId) return { serviceId, missionId: null };
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
  return { serviceId, missionId: mission?.id ?? null };
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

export async function createDeal(db: Db, viewer: Viewer, input: DealCreateInput): Promise<Deal> {
  assertOpenStage(input.status);
  const id = await db.transaction(async (tx) => {
    const prospect = await prospectProblem(tx, viewer.id, input.prospectId);
    const sale = await saleOf(tx, viewer.id, input.infopreneurFormationId);
    const team = await teamProblem(tx, viewer.id, input.teamId);
    throwProblems([prospect, sale ? null : sellableProblem(), team]);
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
    return row!.id;
  });
  return getDeal(db, viewer, id);
}

/** People named by history rows (who, and the owners of owner changes), by id. */
async function peopleOf(db: DbOrTx, rows: (typeof dealHistories.$inferSelect)[]) {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.userId !== null) ids.add(row.userId);
    if (row.field === 'owner') {
      for (const value of [row.fromValue, row.toValue])
        if (value && /^\d+$/.test(value)) ids.add(Number(value));
    }
  }
  if (ids.size === 0) return new Map<number, PersonRef>();
  const found = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((u) => [u.id, personRef(u)]));
}

async function historyOf(db: DbOrTx, dealId: number): Promise<DealHistory[]> {
  const rows = await db
    .select()
    .from(dealHistories)
    .where(eq(dealHistories.dealId, dealId))
    .orderBy(asc(dealHistories.createdAt), asc(dealHistories.id));
  const people = await peopleOf(db, rows);
  return rows.map((row) => presentHistory(row, people));
}

/** One deal with its history (owner, setter or the offer's infopreneur; 404 otherwise). */
export async function getDeal(db: DbOrTx, viewer: Viewer, id: number): Promise<Deal> {
  const row = await dealFor(db, viewer, id, 'see');
  return presentDeal(row, viewer.id, new Date(), await historyOf(db, id));
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

export async function listDeals(db: DbOrTx, viewer: Viewer, query: DealListQuery): Promise<Paginated<Deal>> {
  const conditions: SQL[] = [];
  if (query.teamId) {
    // A team's shared pipeline: every deal of the team, for its members only.
    await requireCapability(db, query.teamId, viewer.id, 'workPipeline');
    conditions.push(eq(deals.teamId, query.teamId));
    if (query.owner === 'me') conditions.push(eq(deals.ownerId, viewer.id));
    else if (query.owner === 'setter') conditions.push(eq(deals.setterId, viewer.id));
  } else if (query.as === 'infopreneur') conditions.push(onOffersOf(viewer.id));
  else if (query.owner === 'me') conditions.push(eq(deals.ownerId, viewer.id));
  else if (query.owner === 'setter') conditions.push(eq(deals.setterId, viewer.id));
  else conditions.push(workedBy(viewer.id));
  if (query.status?.length) conditions.push(inArray(deals.status, [...new Set(query.status)]));
  if (query.serviceId) conditions.push(eq(deals.serviceId, query.serviceId));
  if (query.prospectId) conditions.push(eq(deals.prospectId, query.prospectId));
  if (query.expectedCloseFrom)
    conditions.push(sql`${deals.expectedCloseDate} >= ${query.expectedCloseFrom}::date`);
  if (query.expectedCloseTo)
    conditions.push(sql`${deals.expectedCloseDate} <= ${query.expectedCloseTo}::date`);
  if (query.query) {
    conditions.push(sql`strpos(
      lower(unaccent(${deals.title} || ' ' || ${prospects.firstName} || ' ' || coalesce(${prospects.lastName}, ''))),
      lower(unaccent(${query.query}))) > 0`);
  }
  const where = and(...conditions);
  const sortBy = query.sortBy ?? 'updatedAt';
  const direction = query.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const orderBy = [sql`${sortColumns[sortBy]} ${direction} nulls last`, desc(deals.id)];
  const [rows, [total]] = await Promise.all([
    dealsQuery(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(deals)
      .innerJoin(prospects, eq(prospects.id, deals.prospectId))
      .leftJoin(services, eq(services.id, deals.serviceId))
      .where(where),
  ]);
  const now = new Date();
  const teamMember = query.teamId !== undefined;
  return {
    data: (rows as LoadedDeal[]).map((row) => presentDeal({ ...row, teamMember }, viewer.id, now)),
    meta: paginationMeta(total?.n ?? 0, query),
  };
}

const CLOSED_FIELDS_MESSAGE =
  'This deal is closed: reopen it to change its stage, probability, expected close date, prospect or offer';

export async function updateDeal(db: Db, viewer: Viewer, id: number, input: DealUpdateInput): Promise<Deal> {
  if (input.id !== id) throw fieldError('id', 'sameAs', 'The id field must match the URL');
  if (input.status !== undefined) assertOpenStage(input.status);
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'edit');
    const { deal } = row;
    const role = viewerRoleOf(row, viewer.id);
    const values: Partial<typeof deals.$inferInsert> = {};
    if (input.title !== undefined) values.title = input.title;
    if (input.observations !== undefined) values.observations = blankToNull(input.observations);

    const changesPipeline =
      (input.status !== undefined && input.status !== deal.status) ||
      (input.probability !== undefined && input.probability !== deal.probability) ||
      (input.expectedCloseDate !== undefined && input.expectedCloseDate !== deal.expectedCloseDate) ||
      (input.prospectId !== undefined && input.prospectId !== deal.prospectId) ||
      (input.infopreneurFormationId !== undefined && input.infopreneurFormationId !== deal.serviceId);
    if (changesPipeline && !isOpenStage(deal.status)) throw conflict(CLOSED_FIELDS_MESSAGE);

    // A team member edits on the owner's behalf: the prospect and the offer must be the owner's.
    const seller = role === 'team' ? deal.ownerId : viewer.id;
    const prospect =
      input.prospectId !== undefined && input.prospectId !== deal.prospectId
        ? await prospectProblem(tx, seller, input.prospectId)
        : null;
    let sellable: ValidationErrorItem | null = null;
    if (input.infopreneurFormationId !== undefined && input.infopreneurFormationId !== deal.serviceId) {
      const sale = await saleOf(tx, seller, input.infopreneurFormationId);
      if (sale) Object.assign(values, { serviceId: sale.serviceId, missionId: sale.missionId });
      else sellable = sellableProblem();
    }
    let team: ValidationErrorItem | null = null;
    if (input.teamId !== undefined && input.teamId !== deal.teamId) {
      if (role !== 'owner') throw forbidden('Only the owner of the deal chooses its team');
      team = await teamProblem(tx, viewer.id, input.teamId);
      values.teamId = input.teamId;
    }
    throwProblems([prospect, sellable, team]);
    if (input.prospectId !== undefined) values.prospectId = input.prospectId;
    if (input.expectedCloseDate !== undefined) values.expectedCloseDate = input.expectedCloseDate;

    if (input.status !== undefined && input.status !== deal.status) {
      if (role === 'setter' && !isSetterStage(input.status)) throw setterStageForbidden();
      values.status = input.status;
      values.stageChangedAt = new Date();
      await record(tx, id, viewer.id, 'status', deal.status, input.status);
    }
    if (input.probability !== undefined && input.probability !== deal.probability) {
      values.probability = input.probability;
      await record(tx, id, viewer.id, 'probability', deal.probability, input.probability);
    }
    if (Object.keys(values).length > 0) await tx.update(deals).set(values).where(eq(deals.id, id));
  });
  return getDeal(db, viewer, id);
}

const setterStageForbidden = () => forbidden('A setter moves a deal up to R2; its closer takes it further');

/** Deletes a deal (owner); a sale with paid commissions stays (refund it instead). Answers its team. */
export async function deleteDeal(db: Db, viewer: Viewer, id: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const { deal } = await dealFor(tx, viewer, id, 'owner');
    if (await hasPaidLines(tx, id)) {
      throw conflict('A sale whose commissions were paid cannot be deleted: declare a refund instead');
    }
    await tx.delete(deals).where(eq(deals.id, id));
    return deal.teamId;
  });
}

/** The team of a deal (null: none, or no such deal); for telling a team its pipeline changed. */
export async function teamOfDeal(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db.select({ teamId: deals.teamId }).from(deals).where(eq(deals.id, id));
  return row?.teamId ?? null;
}

const closedConflict = (deal: DealRow) =>
  conflict(
    deal.status === 'Closed'
      ? 'This deal is won: reopen it before changing its stage'
      : 'This deal is lost: reopen it before changing its stage',
  );

/** Moves an open deal to another open stage (owner; setter up to R2), with a history row. */
export async function moveDeal(
  db: Db,
  viewer: Viewer,
  id: number,
  input: { status: string; note?: string },
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'edit');
    const { deal } = row;
    if (!isOpenStage(deal.status)) throw closedConflict(deal);
    if (viewerRoleOf(row, viewer.id) === 'setter' && !isSetterStage(input.status))
      throw setterStageForbidden();
    if (input.status === deal.status) return;
    await tx.update(deals).set({ status: input.status, stageChangedAt: new Date() }).where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, input.status, input.note);
  });
  return getDeal(db, viewer, id);
}

const eurosFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const euros = (cents: number) => eurosFormat.format(cents / 100);

/**
 * Wins an open deal (owner): Closed, the amount sold (default: the offer's price) and the
 * commission lines (ledger.ts); the infopreneur is e-mailed about the sale on their offer.
 */
export async function winDeal(
  db: Db,
  notify: Notifier,
  viewer: Viewer,
  id: number,
  input: DealWinInput,
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'owner');
    const { deal, service } = row;
    if (!isOpenStage(deal.status)) {
      throw conflict(
        deal.status === 'Closed' ? 'This deal is already won' : 'This deal is lost: reopen it first',
      );
    }
    if (!service) throw conflict('This deal has no offer any more: it cannot be won');
    const amountCents = eurosToCents(input.amount ?? service.price);
    if (amountCents > MAX_SALE_AMOUNT * 100) {
      throw fieldError('amount', 'max', undefined, { max: MAX_SALE_AMOUNT });
    }
    let setterSharePercent = DEFAULT_SETTER_SHARE_PERCENT;
    if (deal.missionId !== null) {
      const [mission] = await tx
        .select({ share: missions.setterSharePercent })
        .from(missions)
        .where(eq(missions.id, deal.missionId));
      setterSharePercent = mission?.share ?? DEFAULT_SETTER_SHARE_PERCENT;
    }
    const now = new Date();
    const lines = winLines({
      amountCents,
      commissionRate: service.commissionRate,
      ownerId: deal.ownerId,
      setterId: deal.setterId,
      payerId: service.infopreneurId,
      setterSharePercent,
      instalments: input.instalments ?? 1,
      winDay: today(now),
    });
    const probability = await closingProbability(tx, deal, viewer.id, 'Closed');
    await tx
      .update(deals)
      .set({
        status: 'Closed',
        amountCents,
        probability,
        closedAt: now,
        stageChangedAt: now,
        lostReason: null,
      })
      .where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, 'Closed');
    await writeWinLines(tx, { id, serviceId: service.id, payerId: service.infopreneurId }, lines);

    if (service.infopreneurId !== deal.ownerId && service.infopreneurId !== deal.setterId) {
      const [infopreneur] = await tx.select().from(users).where(eq(users.id, service.infopreneurId));
      if (infopreneur) {
        const seller = fullNameOf(row.owner);
        const setter = row.setter ? ` (avec ${fullNameOf(row.setter)} au setting)` : '';
        const link = `${notify.appUrl}/dashboard/sales/${id}`;
        const owed = lines.reduce((sum, line) => sum + line.amountCents, 0);
        const instalments = Math.max(1, ...lines.map((line) => line.instalments));
        const schedule = instalments > 1 ? `, en ${instalments} échéances mensuelles` : '';
        await notify.mailer.send(
          {
            to: infopreneur.email,
            subject: `Nouvelle vente de « ${service.name} »`,
            text: `Bonjour ${infopreneur.firstName},\n\n${seller}${setter} a conclu une vente de votre offre « ${service.name} » pour ${euros(amountCents)}.\n\nCommission due à vos commerciaux : ${euros(owed)}${schedule}. Retrouvez ce que vous leur devez dans votre tableau de bord :\n${link}\n\nL'équipe Closia`,
            link,
          },
          tx,
        );
      }
    }
  });
  return getDeal(db, viewer, id);
}

/** Loses an open deal (owner) with its reason. */
export async function loseDeal(db: Db, viewer: Viewer, id: number, reason: string): Promise<Deal> {
  await db.transaction(async (tx) => {
    const { deal } = await dealFor(tx, viewer, id, 'owner');
    if (!isOpenStage(deal.status)) {
      throw conflict(
        deal.status === 'Lost' ? 'This deal is already lost' : 'This deal is won: reopen it first',
      );
    }
    const now = new Date();
    const probability = await closingProbability(tx, deal, viewer.id, 'Lost');
    await tx
      .update(deals)
      .set({ status: 'Lost', lostReason: reason, probability, closedAt: now, stageChangedAt: now })
      .where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, 'Lost', reason);
  });
  return getDeal(db, viewer, id);
}

/**
 * The probability a deal takes as it closes (`dealProbability`: 100 won, 0 lost), with its history
 * row written before the stage's (same transaction, so the same instant: reopening finds it).
 */
async function closingProbability(
  tx: DbOrTx,
  deal: DealRow,
  userId: number,
  status: 'Closed' | 'Lost',
): Promise<number | null> {
  const probability = dealProbability(status, deal.probability);
  if (probability !== deal.probability) {
    await record(tx, deal.id, userId, 'probability', deal.probability, probability);
  }
  return probability;
}

/**
 * The seller's estimate a closed deal had before closing: the probability row written with its
 * closing (the same instant as the stage's row), read back; without one, the probability stays.
 */
async function probabilityBeforeClosing(tx: DbOrTx, deal: DealRow): Promise<number | null> {
  const [closing] = await tx
    .select({ id: dealHistories.id })
    .from(dealHistories)
    .where(
      and(
        eq(dealHistories.dealId, deal.id),
        eq(dealHistories.field, 'status'),
        inArray(dealHistories.toValue, ['Closed', 'Lost']),
      ),
    )
    .orderBy(desc(dealHistories.id))
    .limit(1);
  if (!closing) return deal.probability;
  const [row] = await tx
    .select({ fromValue: dealHistories.fromValue, toValue: dealHistories.toValue })
    .from(dealHistories)
    .where(
      and(
        eq(dealHistories.dealId, deal.id),
        eq(dealHistories.field, 'probability'),
        // The same transaction's instant, compared in SQL: PostgreSQL keeps microseconds, which a
        // JavaScript Date read back would round to milliseconds.
        eq(
          dealHistories.createdAt,
          sql`(select h.created_at from ${dealHistories} h where h.id = ${closing.id})`,
        ),
      ),
    )
    .orderBy(desc(dealHistories.id))
    .limit(1);
  if (!row || row.toValue !== (deal.probability === null ? null : String(deal.probability))) {
    return deal.probability;
  }
  return row.fromValue === null ? null : Number(row.fromValue);
}

/** The open stage a closed deal was at before it closed (its history), Prospecting when unknown. */
async function stageBeforeClosing(tx: DbOrTx, dealId: number): Promise<PipelineStage> {
  const [row] = await tx
    .select({ stage: dealHistories.toValue })
    .from(dealHistories)
    .where(
      and(
        eq(dealHistories.dealId, dealId),
        eq(dealHistories.field, 'status'),
        inArray(dealHistories.toValue, [...openStages]),
      ),
    )
    .orderBy(desc(dealHistories.createdAt), desc(dealHistories.id))
    .limit(1);
  return (row?.stage as PipelineStage | undefined) ?? pipelineStages[0];
}

/**
 * Reopens a won or lost deal (owner) at the stage it had before closing. A won deal loses its
 * unpaid commission lines; one with a paid line, or refunded, cannot reopen (409).
 */
export async function reopenDeal(db: Db, viewer: Viewer, id: number): Promise<Deal> {
  await db.transaction(async (tx) => {
    const { deal } = await dealFor(tx, viewer, id, 'owner');
    if (isOpenStage(deal.status)) throw conflict('This deal is open already');
    if (deal.refundedAt) throw conflict('A refunded sale cannot be reopened');
    if (deal.status === 'Closed') {
      if (await hasPaidLines(tx, id)) {
        throw conflict('A sale whose commissions were paid cannot be reopened: declare a refund instead');
      }
      await removeUnpaidLines(tx, id);
    }
    const stage = await stageBeforeClosing(tx, id);
    const probability = await probabilityBeforeClosing(tx, deal);
    if (probability !== deal.probability) {
      await record(tx, id, viewer.id, 'probability', deal.probability, probability);
    }
    await tx
      .update(deals)
      .set({
        status: stage,
        amountCents: null,
        probability,
        closedAt: null,
        lostReason: null,
        stageChangedAt: new Date(),
      })
      .where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'status', deal.status, stage);
  });
  return getDeal(db, viewer, id);
}

/**
 * Declares a won sale refunded (its owner, or the offer's infopreneur who pays the customer back):
 * the commissions are clawed back (ledger.ts) and the other side is notified (and e-mailed per
 * their settings).
 */
export async function refundDeal(db: Db, notify: Notifier, viewer: Viewer, id: number): Promise<Deal> {
  const outbox = notify.outbox();
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'refund');
    const { deal, service } = row;
    if (deal.status !== 'Closed') throw conflict('Only a won sale can be refunded');
    if (deal.refundedAt) throw conflict('This sale is already refunded');
    const now = new Date();
    await clawBack(tx, id, now);
    await tx.update(deals).set({ refundedAt: now }).where(eq(deals.id, id));

    const recipients =
      viewer.id === deal.ownerId
        ? service && service.infopreneurId !== viewer.id
          ? [service.infopreneurId]
          : []
        : [deal.ownerId, ...(deal.setterId ? [deal.setterId] : [])];
    if (recipients.length === 0) return;
    const people = await tx.select().from(users).where(inArray(users.id, recipients));
    const path = `/dashboard/sales/${id}`;
    const link = `${notify.appUrl}${path}`;
    const offer = service ? ` de l'offre « ${service.name} »` : '';
    for (const person of people) {
      await outbox.add(tx, {
        userId: person.id,
        type: 'deal_refunded',
        actorId: viewer.id,
        title: `Vente remboursée : « ${deal.title} »`,
        body: 'Les commissions non versées sont annulées ; celles déjà versées sont à restituer.',
        link: path,
        mail: {
          subject: `Vente remboursée : « ${deal.title} »`,
          text: `Bonjour ${person.firstName},\n\nLa vente « ${deal.title} »${offer} a été remboursée au client. Les commissions non versées sont annulées ; celles déjà versées sont à restituer.\n\n${link}\n\nL'équipe Closia`,
          link,
        },
      });
    }
  });
  outbox.flush();
  return getDeal(db, viewer, id);
}

/**
 * Whether a user may take a deal over at R2. One rule per way a closer can be reached; a closer
 * qualifies through any of them.
 */
type HandoffPath = (tx: DbOrTx, deal: LoadedDeal, closerId: number) => Promise<boolean>;

/**
 * A closer or setter-closer accepted on a mission selling the deal's offer: the deal's own mission,
 * or a sibling mission of the same offer (an infopreneur recruits setters and closers through
 * separate missions, and a closer cannot be accepted on a setter mission).
 */
const acceptedOnTheOffer: HandoffPath = async (tx, { deal }, closerId) => {
  if (deal.serviceId === null) return false;
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(missions, eq(missions.id, applications.missionId))
    .innerJoin(profiles, eq(profiles.userId, applications.userId))
    .where(
      and(
        eq(applications.userId, closerId),
        eq(applications.status, 'accepted'),
        eq(missions.serviceId, deal.serviceId),
        ne(missions.status, 'deleted'),
        inArray(profiles.kind, ['closer', 'setter_closer']),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** A closer or setter-closer of the team whose shared pipeline holds the deal. */
const closerOfTheTeam: HandoffPath = async (tx, { deal }, closerId) => {
  if (deal.teamId === null) return false;
  const [row] = await tx
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.userId, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.teamId, deal.teamId),
        eq(teamMembers.userId, closerId),
        inArray(profiles.kind, ['closer', 'setter_closer']),
      ),
    )
    .limit(1);
  return row !== undefined;
};

/** The ways a deal reaches a closer: through the offer's missions, or through the deal's team. */
const handoffPaths: readonly HandoffPath[] = [acceptedOnTheOffer, closerOfTheTeam];

async function mayTakeOver(tx: DbOrTx, row: LoadedDeal, closerId: number): Promise<boolean> {
  for (const path of handoffPaths) if (await path(tx, row, closerId)) return true;
  return false;
}

/**
 * Hands a deal at R2 to a closer (owner only): the closer becomes its owner, the former owner its
 * setter; a history row (owner) is written and the closer is notified (and e-mailed per their
 * settings).
 */
export async function handOffDeal(
  db: Db,
  notify: Notifier,
  viewer: Viewer,
  id: number,
  input: { closerId: number; note?: string },
): Promise<Deal> {
  const outbox = notify.outbox();
  await db.transaction(async (tx) => {
    const row = await dealFor(tx, viewer, id, 'owner');
    const { deal } = row;
    if (deal.status !== 'Role') {
      throw conflict('A deal is handed off to a closer at the R2 stage: move it to R2 first');
    }
    if (input.closerId === deal.ownerId || !(await mayTakeOver(tx, row, input.closerId))) {
      throw fieldError('closerId', 'handoffCloser');
    }
    await tx.update(deals).set({ ownerId: input.closerId, setterId: deal.ownerId }).where(eq(deals.id, id));
    await record(tx, id, viewer.id, 'owner', deal.ownerId, input.closerId, input.note);

    const [closer] = await tx.select().from(users).where(eq(users.id, input.closerId));
    const path = `/dashboard/sales/${id}`;
    const link = `${notify.appUrl}${path}`;
    const note = input.note ? `\n\nSa note :\n${input.note}` : '';
    const title = `${fullNameOf(row.owner)} vous confie le deal « ${deal.title} »`;
    await outbox.add(tx, {
      userId: input.closerId,
      type: 'deal_handoff',
      actorId: viewer.id,
      title,
      body: input.note || `Avec ${fullNameOf(row.prospect)}, arrivé à l'étape R2.`,
      link: path,
      mail: {
        subject: `Un deal vous est confié : « ${deal.title} »`,
        text: `Bonjour ${closer!.firstName},\n\n${fullNameOf(row.owner)} vous confie le deal « ${deal.title} » avec ${fullNameOf(row.prospect)}, arrivé à l'étape R2. À vous de le conclure !${note}\n\n${link}\n\nL'équipe Closia`,
        link,
      },
    });
  });
  outbox.flush();
  return getDeal(db, viewer, id);
}

/**
 * `GET /pipeline`: the six open stages in order, over the deals I own or set (or, with `teamId`,
 * every deal of a team I belong to): count, Σ value and
 * Σ value × probability / 100 (a deal without a probability weighs 0), rounded once per stage.
 */
export async function pipelineOf(db: DbOrTx, viewer: Viewer, teamId?: number): Promise<Pipeline> {
  if (teamId) await requireCapability(db, teamId, viewer.id, 'workPipeline');
  const whose = teamId ? eq(deals.teamId, teamId) : workedBy(viewer.id);
  const rows = await db
    .select({
      status: deals.status,
      count: count(),
      sumCents: sql<number>`coalesce(sum(${valueCentsSql}), 0)`.mapWith(Number),
      weightedCents:
        sql<number>`round(coalesce(sum(${valueCentsSql} * coalesce(${deals.probability}, 0)), 0) / 100)`.mapWith(
          Number,
        ),
    })
    .from(deals)
    .leftJoin(services, eq(services.id, deals.serviceId))
    .where(and(whose, inArray(deals.status, [...openStages])))
    .groupBy(deals.status);
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  const stages = selectablePipelineStages.map((status) => {
    const row = byStatus.get(status);
    return {
      status,
      count: row?.count ?? 0,
      sumCents: row?.sumCents ?? 0,
      weightedCents: row?.weightedCents ?? 0,
    };
  });
  const totals = stages.reduce(
    (sum, stage) => ({
      count: sum.count + stage.count,
      sumCents: sum.sumCents + stage.sumCents,
      weightedCents: sum.weightedCents + stage.weightedCents,
    }),
    { count: 0, sumCents: 0, weightedCents: 0 },
  );
  return { stages, totals };
}

/** The split of a mission I own (404 otherwise). */
async function ownMissionSplit(tx: DbOrTx, viewer: Viewer, missionId: number, lock: boolean) {
  const query = tx
    .select({ id: missions.id, setterSharePercent: missions.setterSharePercent })
    .from(missions)
    .where(
      and(eq(missions.id, missionId), eq(missions.infopreneurId, viewer.id), ne(missions.status, 'deleted')),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Mission');
  return { missionId: row.id, setterSharePercent: row.setterSharePercent };
}

export const getCommissionSplit = (db: DbOrTx, viewer: Viewer, missionId: number) =>
  ownMissionSplit(db, viewer, missionId, false);

/** Sets a mission's setter share (its owner); sales won from then on are split with it. */
export async function setCommissionSplit(
  db: Db,
  viewer: Viewer,
  missionId: number,
  setterSharePercent: number,
) {
  return db.transaction(async (tx) => {
    await ownMissionSplit(tx, viewer, missionId, true);
    await tx.update(missions).set({ setterSharePercent }).where(eq(missions.id, missionId));
    return { missionId, setterSharePercent };
  });
}
