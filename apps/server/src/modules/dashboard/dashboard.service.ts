/**
 * `GET /dashboard/today`: what the caller has to handle today (`packages/shared/src/dashboard.ts`),
 * in one answer, so that the dashboard opens on it as a CRM does. Every query is scoped to the
 * caller (their prospects, the deals they work, the lines they earn or owe, their missions and
 * offers); it reuses the rules of the modules it reads: the deal list (`listDeals`: whose deals,
 * which stages), Paris days (`dayWindows`), the ledger's due status (`presentedStatus`).
 */
import {
  DASHBOARD_TODAY_LIMIT,
  type DashboardToday,
  type FreelancerToday,
  type InfopreneurToday,
  type SelectablePipelineStage,
  selectablePipelineStages,
  type TodayCommission,
  type TodayDeal,
} from '@closia/shared';
import { and, asc, count, eq, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  applications,
  commissionLines,
  deals,
  missions,
  prospectActivities,
  prospects,
  services,
  users,
} from '../../db/schema';
import { dayWindows, parisDate } from '../../lib/paris-time';
import type { Viewer } from '../../lib/viewer';
import { ledgerRoleOf } from '../deals/commissions.service';
import { fullNameOf } from '../deals/deals.presenter';
import { listDeals } from '../deals/deals.service';
import { today as ledgerToday } from '../deals/ledger';

const limit = DASHBOARD_TODAY_LIMIT;
const DAY_MS = 24 * 3600_000;

/** Monday and Sunday ('YYYY-MM-DD') of the Paris week of `day`. */
export function weekOf(day: string): { from: string; to: string } {
  const noon = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  const at = (offset: number) => new Date(noon.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  return { from: at(-sinceMonday), to: at(6 - sinceMonday) };
}

/** The caller's prospects' open activities overdue (before now) or due later today (Paris day). */
async function activitiesToday(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<FreelancerToday['activities']> {
  const w = dayWindows(now);
  const due = prospectActivities.dueAt;
  const open = and(eq(prospects.ownerId, userId), isNull(prospectActivities.doneAt));
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: prospectActivities.id,
        title: prospectActivities.title,
        dueAt: due,
        priority: prospectActivities.priority,
        prospect: { id: prospects.id, firstName: prospects.firstName, lastName: prospects.lastName },
      })
      .from(prospectActivities)
      .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
      .where(and(open, lt(due, w.tomorrowStart)))
      .orderBy(asc(due), asc(prospectActivities.id))
      .limit(limit),
    db
      .select({
        overdue: sql<number>`count(*) filter (where ${due} < ${w.now.toISOString()})`.mapWith(Number),
        dueToday: sql<number>`count(*) filter (where ${due} >= ${w.now.toISOString()})`.mapWith(Number),
      })
      .from(prospectActivities)
      .innerJoin(prospects, eq(prospects.id, prospectActivities.prospectId))
      .where(and(open, lt(due, w.tomorrowStart))),
  ]);
  const overdue = counts?.overdue ?? 0;
  const dueToday = counts?.dueToday ?? 0;
  return {
    total: overdue + dueToday,
    overdue,
    dueToday,
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      dueAt: row.dueAt.toISOString(),
      priority: row.priority as FreelancerToday['activities']['items'][number]['priority'],
      overdue: row.dueAt.getTime() < now.getTime(),
      prospect: { id: row.prospect.id, fullName: fullNameOf(row.prospect) },
    })),
  };
}

/** The open deals the caller works (`listDeals`' rule) expected to close in the week `from`–`to`. */
async function dealsClosingThisWeek(
  db: DbOrTx,
  viewer: Viewer,
  week: { from: string; to: string },
): Promise<FreelancerToday['closingDeals']> {
  const page = await listDeals(db, viewer, {
    status: [...selectablePipelineStages],
    expectedCloseFrom: week.from,
    expectedCloseTo: week.to,
    sortBy: 'expectedCloseDate',
    sortOrder: 'asc',
    page: 1,
    perPage: limit,
  });
  return {
    ...week,
    total: page.meta.total,
    items: page.data.map(
      (deal): TodayDeal => ({
        id: deal.id,
        title: deal.title,
        status: deal.status as SelectablePipelineStage,
        expectedCloseDate: deal.expectedCloseDate ?? week.to,
        valueCents: deal.valueCents,
        probability: deal.probability,
        prospect: { id: deal.prospect.id, fullName: deal.prospect.fullName },
      }),
    ),
  };
}

const counterpart = alias(users, 'today_counterpart');

/**
 * The commission instalments due now and not paid (the ledger's `due`: pending, due date come):
 * earned by the caller (who pays each), or owed by them as an infopreneur (to whom), oldest first.
 */
async function commissionsDue(
  db: DbOrTx,
  viewer: Viewer,
  day: string,
): Promise<FreelancerToday['commissions']> {
  const owes = ledgerRoleOf(viewer) === 'infopreneur';
  const where = and(
    owes ? eq(commissionLines.payerId, viewer.id) : eq(commissionLines.beneficiaryId, viewer.id),
    eq(commissionLines.status, 'pending'),
    lte(commissionLines.dueOn, day),
  );
  const other = owes ? commissionLines.beneficiaryId : commissionLines.payerId;
  const [rows, [sums]] = await Promise.all([
    db
      .select({
        line: commissionLines,
        dealTitle: deals.title,
        person: { id: counterpart.id, firstName: counterpart.firstName, lastName: counterpart.lastName },
      })
      .from(commissionLines)
      .innerJoin(deals, eq(deals.id, commissionLines.dealId))
      .leftJoin(counterpart, eq(counterpart.id, other))
      .where(where)
      .orderBy(asc(commissionLines.dueOn), asc(commissionLines.id))
      .limit(limit),
    db
      .select({
        n: count(),
        cents: sql<number>`coalesce(sum(${commissionLines.amountCents}), 0)`.mapWith(Number),
      })
      .from(commissionLines)
      .where(where),
  ]);
  return {
    total: sums?.n ?? 0,
    amountCents: sums?.cents ?? 0,
    items: rows.map(
      ({ line, dealTitle, person }): TodayCommission => ({
        id: line.id,
        dealId: line.dealId,
        dealTitle,
        amountCents: line.amountCents,
        dueOn: line.dueOn,
        instalment: line.instalment,
        instalments: line.instalments,
        person: person?.id ? { id: person.id, fullName: fullNameOf(person) } : null,
      }),
    ),
  };
}

/** The pending applications to the caller's missions (deleted ones aside), the longest waiting first. */
async function applicationsToDecide(db: DbOrTx, userId: number): Promise<InfopreneurToday['applications']> {
  const where = and(
    eq(missions.infopreneurId, userId),
    ne(missions.status, 'deleted'),
    eq(applications.status, 'pending'),
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: applications.id,
        missionId: missions.id,
        missionTitle: missions.title,
        createdAt: applications.createdAt,
        applicant: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(applications)
      .innerJoin(missions, eq(missions.id, applications.missionId))
      .innerJoin(users, eq(users.id, applications.userId))
      .where(where)
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(applications)
      .innerJoin(missions, eq(missions.id, applications.missionId))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      missionId: row.missionId,
      missionTitle: row.missionTitle,
      applicant: { id: row.applicant.id, fullName: fullNameOf(row.applicant) },
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The caller's offers waiting for the admins' review, the longest waiting first. */
async function offersUnderReview(db: DbOrTx, userId: number): Promise<InfopreneurToday['reviews']> {
  const where = and(
    eq(services.infopreneurId, userId),
    eq(services.validationStatus, 'pending_review'),
    isNull(services.deletedAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: services.id, name: services.name, updatedAt: services.updatedAt })
      .from(services)
      .where(where)
      .orderBy(asc(services.updatedAt), asc(services.id))
      .limit(limit),
    db.select({ n: count() }).from(services).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({ id: row.id, name: row.name, updatedAt: row.updatedAt.toISOString() })),
  };
}

/** The caller's day, by their role (an infopreneur's, or a freelancer's for everyone else). */
export async function todayOf(db: DbOrTx, viewer: Viewer, now = new Date()): Promise<DashboardToday> {
  const today = parisDate(now);
  const day = ledgerToday(now);
  if (ledgerRoleOf(viewer) === 'infopreneur') {
    const [applicationsDue, reviews, commissions] = await Promise.all([
      applicationsToDecide(db, viewer.id),
      offersUnderReview(db, viewer.id),
      commissionsDue(db, viewer, day),
    ]);
    return { role: 'infopreneur', today, applications: applicationsDue, reviews, commissions };
  }
  const [activities, closingDeals, commissions] = await Promise.all([
    activitiesToday(db, viewer.id, now),
    dealsClosingThisWeek(db, viewer, weekOf(today)),
    commissionsDue(db, viewer, day),
  ]);
  return { role: 'freelancer', today, activities, closingDeals, commissions };
}
