/**
 * Reading and paying the commission ledger. A freelancer sees the lines they earn; an infopreneur
 * the lines they owe, per freelancer. The period's sums follow ledger.ts (`addToSums`), summed in
 * SQL; the lines come a page at a time (keyset on due date and id); due status computed on read.
 */
import {
  type CommissionCursor,
  type CommissionExportQuery,
  type CommissionLine,
  type CommissionListQuery,
  type CommissionOwed,
  type CommissionStatus,
  type CommissionSums,
  type Commissions,
  encodeCommissionCursor,
} from '@closia/shared';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { commissionLines, deals, services, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import { type LoadedLine, personRef, presentLine } from './deals.presenter';
import { sumLines, today } from './ledger';
import { monthsOf, type Period, resolvePeriod } from './period';

const beneficiary = alias(users, 'line_beneficiary');
const payer = alias(users, 'line_payer');

function linesQuery(db: DbOrTx) {
  return db
    .select({
      line: commissionLines,
      dealTitle: deals.title,
      beneficiary: { id: beneficiary.id, firstName: beneficiary.firstName, lastName: beneficiary.lastName },
      payer: { id: payer.id, firstName: payer.firstName, lastName: payer.lastName },
      service: { id: services.id, name: services.name },
    })
    .from(commissionLines)
    .innerJoin(deals, eq(deals.id, commissionLines.dealId))
    .innerJoin(beneficiary, eq(beneficiary.id, commissionLines.beneficiaryId))
    .leftJoin(payer, eq(payer.id, commissionLines.payerId))
    .leftJoin(services, eq(services.id, commissionLines.serviceId))
    .$dynamic();
}

/** Whether the viewer reads the ledger as the one who pays (infopreneur) or the one who earns. */
export const ledgerRoleOf = (viewer: Viewer): 'infopreneur' | 'freelancer' =>
  viewer.kind === 'infopreneur' ? 'infopreneur' : 'freelancer';

/** What a read of the ledger covers: the caller's side of the lines, the period, the day "due" is read on. */
interface LedgerScope {
  role: 'infopreneur' | 'freelancer';
  period: Period;
  day: string;
  /** The caller's lines of the period (and of the deal, when asked). */
  where: SQL;
}

/** The scope of the filters, checked (422 on the period) before anything is read. */
function scopeOf(viewer: Viewer, query: CommissionExportQuery): LedgerScope {
  const period = resolvePeriod(query, { defaultMonthsAhead: 12 });
  const role = ledgerRoleOf(viewer);
  const mine =
    role === 'infopreneur'
      ? eq(commissionLines.payerId, viewer.id)
      : eq(commissionLines.beneficiaryId, viewer.id);
  const where = and(
    mine,
    gte(commissionLines.dueOn, period.from),
    lte(commissionLines.dueOn, period.to),
    query.dealId === undefined ? undefined : eq(commissionLines.dealId, query.dealId),
  )!;
  return { role, period, day: today(), where };
}

/** The stored condition of a line answered with `status` on `day` (`due` is computed on read). */
function statusCondition(status: CommissionStatus, day: string): SQL {
  if (status === 'due') return and(eq(commissionLines.status, 'pending'), lte(commissionLines.dueOn, day))!;
  if (status === 'pending')
    return and(eq(commissionLines.status, 'pending'), gt(commissionLines.dueOn, day))!;
  return eq(commissionLines.status, status);
}

/**
 * Up to `limit` lines of the scope in the asked order (due date, then id), after `cursor`: one
 * index range from the cursor on (commission_lines_beneficiary_idx / _payer_idx), no offset.
 */
async function linesAfter(
  db: DbOrTx,
  scope: LedgerScope,
  query: CommissionExportQuery,
  cursor: CommissionCursor | undefined,
  limit: number,
): Promise<LoadedLine[]> {
  const ascending = query.sortOrder === 'asc';
  const key = sql`(${commissionLines.dueOn}, ${commissionLines.id})`;
  const place = cursor && sql`(${cursor.dueOn}::date, ${cursor.id}::integer)`;
  const after = place && (ascending ? sql`${key} > ${place}` : sql`${key} < ${place}`);
  const statuses = query.status?.length
    ? or(...query.status.map((s) => statusCondition(s, scope.day)))
    : undefined;
  const order = ascending
    ? [asc(commissionLines.dueOn), asc(commissionLines.id)]
    : [desc(commissionLines.dueOn), desc(commissionLines.id)];
  return (await linesQuery(db)
    .where(and(scope.where, statuses, after))
    .orderBy(...order)
    .limit(limit)) as LoadedLine[];
}

const cents = (expression: SQL) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);
const { amountCents, status, dueOn } = commissionLines;

/**
 * The scope's sums per month and beneficiary, in one aggregate over its lines — each as
 * `addToSums` counts a line: earned (positive amounts), pending and due (unpaid, before and from
 * `day`), paid, clawed back (in absolute value).
 */
function sumsByMonth(db: DbOrTx, scope: LedgerScope) {
  const month = sql<string>`to_char(${dueOn}, 'YYYY-MM')`;
  const unpaid = sql`${status} = 'pending'`;
  return db
    .select({
      month,
      beneficiaryId: commissionLines.beneficiaryId,
      earnedCents: cents(sql`case when ${amountCents} > 0 then ${amountCents} else 0 end`),
      pendingCents: cents(
        sql`case when ${unpaid} and ${dueOn} > ${scope.day}::date then ${amountCents} else 0 end`,
      ),
      dueCents: cents(
        sql`case when ${unpaid} and ${dueOn} <= ${scope.day}::date then ${amountCents} else 0 end`,
      ),
      paidCents: cents(sql`case when ${status} = 'paid' then ${amountCents} else 0 end`),
      clawedBackCents: cents(sql`case when ${status} = 'clawed_back' then abs(${amountCents}) else 0 end`),
    })
    .from(commissionLines)
    .where(scope.where)
    .groupBy(month, commissionLines.beneficiaryId);
}

type SumParts = Pick<
  CommissionSums,
  'earnedCents' | 'pendingCents' | 'dueCents' | 'paidCents' | 'clawedBackCents'
>;

/** Running sums plus a group's parts; net and balance follow (see `CommissionSums`). */
function plus(sums: CommissionSums, part: SumParts): CommissionSums {
  const earnedCents = sums.earnedCents + part.earnedCents;
  const clawedBackCents = sums.clawedBackCents + part.clawedBackCents;
  const paidCents = sums.paidCents + part.paidCents;
  const netCents = earnedCents - clawedBackCents;
  return {
    earnedCents,
    pendingCents: sums.pendingCents + part.pendingCents,
    dueCents: sums.dueCents + part.dueCents,
    paidCents,
    clawedBackCents,
    netCents,
    balanceCents: netCents - paidCents,
  };
}

const noSums = (day: string) => sumLines([], day);

/**
 * `GET /commissions`: the sums of the lines due in the period (default: the last twelve months
 * and the next twelve, where instalments fall) — by month, in all, and for an infopreneur what
 * they owe per freelancer — and one page of those lines (`perPage`, after `cursor`), with the
 * `nextCursor` of the next page (null on the last).
 */
export async function listCommissions(
  db: DbOrTx,
  viewer: Viewer,
  query: CommissionListQuery,
): Promise<Commissions> {
  const scope = scopeOf(viewer, query);
  const { role, period, day } = scope;
  const [rows, groups] = await Promise.all([
    linesAfter(db, scope, query, query.cursor, query.perPage + 1),
    sumsByMonth(db, scope),
  ]);
  const page = rows.slice(0, query.perPage);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.perPage && last
      ? encodeCommissionCursor({ dueOn: last.line.dueOn, id: last.line.id })
      : null;
  const lines = page.map((row) => presentLine(row, day));

  const byMonth = new Map(monthsOf(period).map((month) => [month, noSums(day)]));
  let totals = noSums(day);
  for (const group of groups) {
    byMonth.set(group.month, plus(byMonth.get(group.month) ?? noSums(day), group));
    totals = plus(totals, group);
  }
  const months = [...byMonth].map(([month, sums]) => ({ month, ...sums }));
  const base = { from: period.from, to: period.to, months, totals, lines, nextCursor };
  if (role === 'freelancer') return { role, ...base };
  return { role, ...base, owed: await owedPerFreelancer(db, groups, day) };
}

/** The infopreneur's sums per beneficiary, the most due first. */
async function owedPerFreelancer(
  db: DbOrTx,
  groups: readonly (SumParts & { beneficiaryId: number })[],
  day: string,
): Promise<CommissionOwed[]> {
  const per = new Map<number, CommissionSums>();
  for (const group of groups) {
    per.set(group.beneficiaryId, plus(per.get(group.beneficiaryId) ?? noSums(day), group));
  }
  if (per.size === 0) return [];
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...per.keys()]));
  return people
    .map((person) => ({ beneficiary: personRef(person), ...per.get(person.id)! }))
    .sort(
      (a, b) =>
        b.dueCents - a.dueCents || b.balanceCents - a.balanceCents || a.beneficiary.id - b.beneficiary.id,
    );
}

/** How many lines the CSV export reads at a time. */
const EXPORT_BATCH = 500;

/**
 * Every line of the filters, in their order, a batch at a time (keyset, like the pages): the
 * period is checked (422) when this is called, before the first line is read.
 */
export function exportedLines(
  db: DbOrTx,
  viewer: Viewer,
  query: CommissionExportQuery,
): { period: Period; day: string; batches: AsyncGenerator<CommissionLine[]> } {
  const scope = scopeOf(viewer, query);
  async function* batches() {
    let cursor: CommissionCursor | undefined;
    for (;;) {
      const rows = await linesAfter(db, scope, query, cursor, EXPORT_BATCH);
      if (rows.length > 0) yield rows.map((row) => presentLine(row, scope.day));
      if (rows.length < EXPORT_BATCH) return;
      const last = rows.at(-1)!.line;
      cursor = { dueOn: last.dueOn, id: last.id };
    }
  }
  return { period: scope.period, day: scope.day, batches: batches() };
}

/** Marks a pending or due line paid (its payer only; 404 for anyone else); the CRM's kept answers are forgotten. */
export async function payCommission(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  id: number,
): Promise<CommissionLine> {
  await db.transaction(async (tx) => {
    const mine = and(eq(commissionLines.id, id), eq(commissionLines.payerId, viewer.id));
    const [found] = await tx.select({ dealId: commissionLines.dealId }).from(commissionLines).where(mine);
    if (!found) throw notFound('Commission');
    // The deal's row first, as a reopen or a refund of the sale takes it: they wait for each other.
    await tx.select({ id: deals.id }).from(deals).where(eq(deals.id, found.dealId)).for('update');
    const [line] = await tx.select().from(commissionLines).where(mine).for('update');
    if (!line) throw notFound('Commission');
    if (line.status === 'paid') throw conflict('This commission is already paid', 'COMMISSION_PAID');
    if (line.status === 'clawed_back')
      throw conflict('This commission was clawed back after a refund', 'COMMISSION_CLAWED_BACK');
    await tx
      .update(commissionLines)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(commissionLines.id, id));
    work.forget('crm');
  });
  const [row] = (await linesQuery(db).where(eq(commissionLines.id, id))) as LoadedLine[];
  return presentLine(row!, today());
}
