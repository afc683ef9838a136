/**
 * Sales statistics and the commission forecast (issue 8). A freelancer's figures cover the deals
 * they own or set; an infopreneur's the deals on their offers. Periods are whole UTC days
 * (deals/period.ts); money in integer cents.
 */
import {
  DEFAULT_STALE_LIMIT,
  type Forecast,
  type PeriodQuery,
  type PersonRef,
  type PipelineStage,
  pipelineStages,
  type SalesBreakdown,
  type SelectablePipelineStage,
  type Stats,
  selectablePipelineStages,
} from '@closia/shared';
import { and, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  commissionLines,
  deals,
  missions,
  prospectActivities,
  prospects,
  services,
  users,
} from '../../db/schema';
import type { Viewer } from '../../lib/viewer';
import { ledgerRoleOf } from '../deals/commissions.service';
import { onOffersOf, valueCentsSql, workedBy } from '../deals/deal-access';
import { fullNameOf, personRef } from '../deals/deals.presenter';
import { commissionCents, DEFAULT_SETTER_SHARE_PERCENT, netCentsSql, today } from '../deals/ledger';
import { monthsOf, type Period, resolvePeriod } from '../deals/period';

const DAY_MS = 24 * 3600_000;

/** The forecast's horizons, in days from today. */
export const FORECAST_HORIZONS = [30, 60, 90] as const;

/**
 * Days without a stage move after which an open deal is "à relancer", per stage (early stages
 * move faster; R2 is a booked call that should not wait). `?staleDays=` overrides them all.
 */
export const STALE_DAYS: Record<SelectablePipelineStage, number> = {
  Prospecting: 14,
  Qualification: 10,
  Closing: 7,
  Role: 5,
  Onboarding: 14,
  FollowUp: 21,
};

const openStages = selectablePipelineStages as readonly string[];

/**
 * `GET /stats/forecast`: over my open deals with an expected close date within each horizon
 * (overdue ones included: they are expected any day), Σ commission × probability × my share;
 * and the open deals waiting in their stage for too long.
 *
 * My share of a deal's commission: all of it when I work it alone, the mission's setter share
 * (default 30 %) as its setter, the rest as the closer who owns it; nothing on my own offer.
 */
export async function forecastOf(
  db: DbOrTx,
  viewer: Viewer,
  staleDays?: number,
  staleLimit = DEFAULT_STALE_LIMIT,
): Promise<Forecast> {
  const now = new Date();
  const day = today(now);
  const horizonEnd = (days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  const open = and(workedBy(viewer.id), inArray(deals.status, [...openStages]));
  const lastEnd = horizonEnd(FORECAST_HORIZONS[FORECAST_HORIZONS.length - 1]!);
  // Whole days in its stage, as a reader at `now` counts them (a Date has milliseconds).
  const daysInStage = sql<number>`floor(extract(epoch from (${now.toISOString()}::timestamptz
    - date_trunc('milliseconds', ${deals.stageChangedAt}))) * 1000 / ${DAY_MS})`;
  const threshold =
    staleDays === undefined
      ? sql`case ${deals.status} ${sql.join(
          Object.entries(STALE_DAYS).map(([stage, days]) => sql`when ${stage} then ${days}::int`),
          sql` `,
        )} end`
      : sql`${staleDays}::int`;
  const stalePage = db
    .select({
      id: deals.id,
      title: deals.title,
      status: deals.status,
      expectedCloseDate: deals.expectedCloseDate,
      prospectId: deals.prospectId,
      daysInStage: daysInStage.as('days_in_stage'),
      thresholdDays: sql<number>`${threshold}`.as('threshold_days'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(deals)
    .where(and(open, sql`${daysInStage} >= ${threshold}`))
    .orderBy(sql`${daysInStage} desc`, deals.id)
    .limit(staleLimit)
    .as('stale_page');
  // Two narrow reads instead of every open deal with its prospect: the deals expected within the
  // last horizon (the sums, in exact integers below), and the page of deals to follow up with
  // their count (one scan: `count(*) over ()`).
  const [rows, staleRows] = await Promise.all([
    db
      .select({
        ownerId: deals.ownerId,
        setterId: deals.setterId,
        probability: deals.probability,
        expectedCloseDate: deals.expectedCloseDate,
        valueCents: valueCentsSql.mapWith(Number),
        commissionRate: services.commissionRate,
        infopreneurId: services.infopreneurId,
        setterSharePercent: missions.setterSharePercent,
      })
      .from(deals)
      .leftJoin(services, eq(services.id, deals.serviceId))
      .leftJoin(missions, eq(missions.id, deals.missionId))
      .where(and(open, sql`${deals.expectedCloseDate} <= ${lastEnd}::date`)),
    // The page is cut among the deals alone, then joined to its prospects: joining every stale deal
    // first (9,000 for the heavy seller) cost more than the rest of the forecast.
    db
      .select({
        id: stalePage.id,
        title: stalePage.title,
        status: stalePage.status,
        expectedCloseDate: stalePage.expectedCloseDate,
        daysInStage: stalePage.daysInStage,
        thresholdDays: stalePage.thresholdDays,
        total: stalePage.total,
        prospect: { id: prospects.id, firstName: prospects.firstName, lastName: prospects.lastName },
      })
      .from(stalePage)
      .innerJoin(prospects, eq(prospects.id, stalePage.prospectId))
      .orderBy(sql`${stalePage.daysInStage} desc`, stalePage.id),
  ]);

  const horizons = FORECAST_HORIZONS.map((days) => {
    const end = horizonEnd(days);
    let dealCount = 0;
    // Σ commission cents × probability % × share %, divided once at the end (exact, in BigInt).
    let weighted = 0n;
    for (const row of rows) {
      if (row.expectedCloseDate === null || row.expectedCloseDate > end) continue;
      dealCount++;
      if (row.commissionRate === null || row.infopreneurId === viewer.id) continue;
      const setterShare = row.setterSharePercent ?? DEFAULT_SETTER_SHARE_PERCENT;
      const share = row.setterId === null ? 100 : row.ownerId === viewer.id ? 100 - setterShare : setterShare;
      const commission = commissionCents(row.valueCents, row.commissionRate);
      weighted += BigInt(commission) * BigInt(row.probability ?? 0) * BigInt(share);
    }
    return { days, dealCount, weightedCommissionCents: Number((weighted * 2n + 10_000n) / 20_000n) };
  });

  const stale = staleRows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status as SelectablePipelineStage,
    daysInStage: Math.max(0, Number(row.daysInStage)),
    thresholdDays: Number(row.thresholdDays),
    expectedCloseDate: row.expectedCloseDate,
    prospect: { id: row.prospect.id, fullName: fullNameOf(row.prospect) },
  }));
  return { horizons, stale, staleTotal: Number(staleRows[0]?.total ?? 0) };
}

/** `column` within the period's days (UTC). */
function inPeriod(column: AnyPgColumn, period: Period): SQL {
  return sql`${column} >= (${period.from}::date)::timestamp at time zone 'UTC'
    and ${column} < (${period.to}::date + 1)::timestamp at time zone 'UTC'`;
}
const monthOf = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/** The funnel's stages: the six open ones, then Closed (won). */
const funnel: readonly PipelineStage[] = [...selectablePipelineStages, 'Closed'];
const funnelArray = sql.raw(`array[${funnel.map((stage) => `'${stage}'`).join(',')}]::text[]`);

const ratio = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/**
 * `GET /stats?from&to` (default: the last twelve months). Deals per stage and the funnel cover the
 * deals created in the period: a deal reached a stage when its history (or its current stage) shows
 * that stage or a later one. The overall rate, revenue and cycle length cover the deals closed in
 * the period (revenue: won and not refunded); commissions the ledger lines due in it (net of
 * refunds); activities those done in it.
 */
export async function statsOf(db: DbOrTx, viewer: Viewer, query: PeriodQuery): Promise<Stats> {
  const period = resolvePeriod(query);
  const role = ledgerRoleOf(viewer);
  const scope = role === 'infopreneur' ? onOffersOf(viewer.id) : workedBy(viewer.id);
  const createdIn = inPeriod(deals.createdAt, period);
  const closedIn = inPeriod(deals.closedAt, period);
  const closed = and(scope, closedIn);
  const sold = and(closed, eq(deals.status, 'Closed'), isNull(deals.refundedAt));

  // The deals created or closed in the period, read once for every figure that counts them: per
  // stage and the funnel (created), won, lost and the cycle (closed); each deal's flags computed
  // once, then counted. (Seven reads of a heavy seller's 20,000 deals, one per figure and each on
  // a connection of the pool, cost about twice the CPU.) How far a deal got: its current stage or
  // the furthest its history shows (kept on write, `deals.history_stage_rank`).
  const perDeal = db
    .select({
      status: deals.status,
      reached: sql<number>`greatest(
        array_position(${funnelArray}, ${deals.status}), ${deals.historyStageRank})`.as('reached'),
      created: sql<boolean>`${createdIn}`.as('created_in'),
      closed: sql<boolean>`${closedIn}`.as('closed_in'),
      cycleDays: sql<number>`extract(epoch from (${deals.closedAt} - ${deals.createdAt})) / 86400`.as(
        'cycle_days',
      ),
    })
    .from(deals)
    .leftJoin(services, eq(services.id, deals.serviceId))
    .where(and(scope, or(createdIn, closedIn)))
    .as('per_deal');
  const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const summary = {
    ...Object.fromEntries(
      pipelineStages.map((status, k) => [
        `d${k}`,
        counted(sql`${perDeal.created} and ${perDeal.status} = ${status}`),
      ]),
    ),
    ...Object.fromEntries(
      funnel.map((_, k) => [`s${k}`, counted(sql`${perDeal.created} and ${perDeal.reached} >= ${k + 1}`)]),
    ),
    won: counted(sql`${perDeal.closed} and ${perDeal.status} = 'Closed'`),
    lost: counted(sql`${perDeal.closed} and ${perDeal.status} = 'Lost'`),
    cycleDays: sql<
      number | null
    >`avg(${perDeal.cycleDays}) filter (where ${perDeal.closed} and ${perDeal.status} = 'Closed')`.mapWith(
      (value) => (value === null ? null : Number(value)),
    ),
  };
  const mineLines =
    role === 'infopreneur'
      ? eq(commissionLines.payerId, viewer.id)
      : eq(commissionLines.beneficiaryId, viewer.id);

  const [[figures], wonMonths, commissionMonths, activityMonths] = await Promise.all([
    db.select(summary).from(perDeal),
    db
      .select({
        month: monthOf(deals.closedAt),
        wonCount: count(),
        revenueCents: sql<number>`coalesce(sum(${deals.amountCents}), 0)`.mapWith(Number),
      })
      .from(deals)
      .leftJoin(services, eq(services.id, deals.serviceId))
      .where(sold)
      .groupBy(monthOf(deals.closedAt)),
    db
      .select({
        month: sql<string>`to_char(${commissionLines.dueOn}, 'YYYY-MM')`,
        cents: sql<number>`coalesce(sum(${netCentsSql}), 0)`.mapWith(Number),
      })
      .from(commissionLines)
      .where(
        and(
          mineLines,
          sql`${commissionLines.dueOn} >= ${period.from}::date and ${commissionLines.dueOn} <= ${period.to}::date`,
        ),
      )
      .groupBy(sql`to_char(${commissionLines.dueOn}, 'YYYY-MM')`),
    db
      .select({ month: monthOf(prospectActivities.doneAt), count: count() })
      .from(prospectActivities)
      .where(and(eq(prospectActivities.userId, viewer.id), inPeriod(prospectActivities.doneAt, period)))
      .groupBy(monthOf(prospectActivities.doneAt)),
  ]);
  const row = figures as unknown as Record<string, number> & { cycleDays: number | null };
  const cycle = { days: row.cycleDays };
  const outcome = { won: row.won, lost: row.lost };

  const stageCounts = new Map(pipelineStages.map((status, k) => [status, Number(row[`d${k}`] ?? 0)]));
  const reachedCounts = funnel.map((_, k) => Number(row[`s${k}`] ?? 0));
  const won = outcome?.won ?? 0;
  const lost = outcome?.lost ?? 0;

  const months = monthsOf(period).map((month) => ({
    month,
    wonCount: 0,
    revenueCents: 0,
    commissionCents: 0,
    activitiesDone: 0,
  }));
  const monthIndex = new Map(months.map((m, i) => [m.month, i]));
  const at = (month: string) => months[monthIndex.get(month) ?? -1];
  for (const row of wonMonths) {
    const m = at(row.month);
    if (m) Object.assign(m, { wonCount: row.wonCount, revenueCents: row.revenueCents });
  }
  for (const row of commissionMonths) {
    const m = at(row.month);
    if (m) m.commissionCents = row.cents;
  }
  for (const row of activityMonths) {
    const m = at(row.month);
    if (m) m.activitiesDone = row.count;
  }
  const totals = months.reduce(
    (sum, m) => ({
      wonCount: sum.wonCount + m.wonCount,
      revenueCents: sum.revenueCents + m.revenueCents,
      commissionCents: sum.commissionCents + m.commissionCents,
      activitiesDone: sum.activitiesDone + m.activitiesDone,
    }),
    { wonCount: 0, revenueCents: 0, commissionCents: 0, activitiesDone: 0 },
  );

  const stats: Stats = {
    role,
    from: period.from,
    to: period.to,
    dealsByStage: pipelineStages.map((status) => ({ status, count: stageCounts.get(status) ?? 0 })),
    conversion: {
      stages: funnel.slice(0, -1).map((from, k) => ({
        from,
        to: funnel[k + 1]!,
        reached: reachedCounts[k]!,
        advanced: reachedCounts[k + 1]!,
        rate: ratio(reachedCounts[k + 1]!, reachedCounts[k]!),
      })),
      overall: { won, lost, rate: ratio(won, won + lost) },
    },
    months,
    totals,
    averageCycleDays:
      cycle?.days === null || cycle?.days === undefined ? null : Math.round(cycle.days * 10) / 10,
  };
  if (role === 'infopreneur') Object.assign(stats, await salesBreakdown(db, viewer, sold));
  return stats;
}

const owner = alias(users, 'sale_owner');
const setter = alias(users, 'sale_setter');

/**
 * An infopreneur's sales of the period per offer and per freelancer (owner or setter of the sale),
 * each summed in SQL (a few rows per offer and freelancer, not one per sale); ties in order of id.
 */
async function salesBreakdown(
  db: DbOrTx,
  viewer: Viewer,
  sold: SQL | undefined,
): Promise<Pick<Stats, 'byService' | 'byFreelancer'>> {
  const wonCount = count();
  const revenueCents = sql<number>`coalesce(sum(${deals.amountCents}), 0)`.mapWith(Number);
  const lineCents = sql<number>`sum(${netCentsSql})`.mapWith(Number);
  const [perService, serviceLines, asOwner, asSetter, personLines] = await Promise.all([
    db
      .select({ id: services.id, name: services.name, wonCount, revenueCents })
      .from(deals)
      .innerJoin(services, eq(services.id, deals.serviceId))
      .where(sold)
      .groupBy(services.id),
    db
      .select({ serviceId: deals.serviceId, cents: lineCents })
      .from(commissionLines)
      .innerJoin(deals, eq(deals.id, commissionLines.dealId))
      .innerJoin(services, eq(services.id, deals.serviceId))
      .where(and(sold, eq(commissionLines.payerId, viewer.id)))
      .groupBy(deals.serviceId),
    db
      .select({ id: owner.id, firstName: owner.firstName, lastName: owner.lastName, wonCount, revenueCents })
      .from(deals)
      .innerJoin(services, eq(services.id, deals.serviceId))
      .innerJoin(owner, eq(owner.id, deals.ownerId))
      .where(and(sold, ne(owner.id, viewer.id)))
      .groupBy(owner.id),
    db
      .select({
        id: setter.id,
        firstName: setter.firstName,
        lastName: setter.lastName,
        wonCount,
        revenueCents,
      })
      .from(deals)
      .innerJoin(services, eq(services.id, deals.serviceId))
      .innerJoin(setter, eq(setter.id, deals.setterId))
      .where(and(sold, ne(setter.id, viewer.id)))
      .groupBy(setter.id),
    db
      .select({ userId: commissionLines.beneficiaryId, cents: lineCents })
      .from(commissionLines)
      .innerJoin(deals, eq(deals.id, commissionLines.dealId))
      .innerJoin(services, eq(services.id, deals.serviceId))
      .where(and(sold, eq(commissionLines.payerId, viewer.id)))
      .groupBy(commissionLines.beneficiaryId),
  ]);

  const serviceCents = new Map(serviceLines.map((row) => [row.serviceId, row.cents]));
  const byService = perService.map((row) => ({
    service: { id: row.id, name: row.name },
    wonCount: row.wonCount,
    revenueCents: row.revenueCents,
    commissionCents: serviceCents.get(row.id) ?? 0,
  }));
  // A freelancer both owner of some sales and setter of others: one line, both counted.
  const perFreelancer = new Map<number, SalesBreakdown & { freelancer: PersonRef }>();
  for (const row of [...asOwner, ...asSetter]) {
    const f = perFreelancer.get(row.id) ?? {
      freelancer: personRef(row),
      wonCount: 0,
      revenueCents: 0,
      commissionCents: 0,
    };
    f.wonCount += row.wonCount;
    f.revenueCents += row.revenueCents;
    perFreelancer.set(row.id, f);
  }
  for (const line of personLines) {
    const f = perFreelancer.get(line.userId);
    if (f) f.commissionCents += line.cents;
  }
  const byRevenue =
    <T extends SalesBreakdown>(idOf: (row: T) => number) =>
    (a: T, b: T) =>
      b.revenueCents - a.revenueCents || b.wonCount - a.wonCount || idOf(a) - idOf(b);
  return {
    byService: byService.sort(byRevenue((s) => s.service.id)),
    byFreelancer: [...perFreelancer.values()].sort(byRevenue((f) => f.freelancer.id)),
  };
}
