/**
 * `GET /teams/{id}/stats`: a team's sales — its shared pipeline, and per member the team deals
 * they own (open, won, lost), the revenue of their won sales and the commissions they earned on
 * them. Refunded sales count neither as revenue nor as commission (clawed-back lines are left out).
 * Totals are over every deal of the team, including those of former members.
 */
import type { TeamStats } from '@closia/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { commissionLines, deals } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';
import { listMembers, requireCapability } from '../teams/teams.service';
import { pipelineOf } from './pipeline.service';

const openDeals = sql<number>`count(*) filter (where ${deals.status} not in ('Closed', 'Lost'))::int`;
const wonDeals = sql<number>`count(*) filter (where ${deals.status} = 'Closed')::int`;
const lostDeals = sql<number>`count(*) filter (where ${deals.status} = 'Lost')::int`;
const revenueCents = sql<number>`coalesce(sum(${deals.amountCents}) filter (
  where ${deals.status} = 'Closed' and ${deals.refundedAt} is null), 0)`.mapWith(Number);

type Counts = Omit<TeamStats['totals'], 'commissionCents'>;
const none: Counts = { openDeals: 0, wonDeals: 0, lostDeals: 0, revenueCents: 0 };

export async function teamStatsOf(db: DbOrTx, viewer: Viewer, teamId: number): Promise<TeamStats> {
  await requireCapability(db, teamId, viewer.id, 'read');
  const [pipeline, members, perOwner, commissions] = await Promise.all([
    pipelineOf(db, viewer, teamId),
    listMembers(db, teamId),
    db
      .select({ ownerId: deals.ownerId, openDeals, wonDeals, lostDeals, revenueCents })
      .from(deals)
      .where(eq(deals.teamId, teamId))
      .groupBy(deals.ownerId),
    db
      .select({
        userId: commissionLines.beneficiaryId,
        cents: sql<number>`coalesce(sum(${commissionLines.amountCents}), 0)`.mapWith(Number),
      })
      .from(commissionLines)
      .innerJoin(deals, eq(deals.id, commissionLines.dealId))
      .where(
        and(eq(deals.teamId, teamId), ne(commissionLines.status, 'clawed_back'), isNull(deals.refundedAt)),
      )
      .groupBy(commissionLines.beneficiaryId),
  ]);
  const countsOf = new Map(perOwner.map(({ ownerId, ...counts }) => [ownerId, counts]));
  const commissionOf = new Map(commissions.map((row) => [row.userId, row.cents]));
  const totals = perOwner.reduce(
    (sum, row) => ({
      openDeals: sum.openDeals + row.openDeals,
      wonDeals: sum.wonDeals + row.wonDeals,
      lostDeals: sum.lostDeals + row.lostDeals,
      revenueCents: sum.revenueCents + row.revenueCents,
    }),
    none,
  );
  return {
    pipeline: pipeline.stages.map((stage) => ({
      status: stage.status,
      count: stage.count,
      amountCents: stage.sumCents,
      weightedCents: stage.weightedCents,
    })),
    members: members.map((member) => ({
      user: member.user,
      role: member.role,
      ...(countsOf.get(member.user.id) ?? none),
      commissionCents: commissionOf.get(member.user.id) ?? 0,
    })),
    totals: { ...totals, commissionCents: commissions.reduce((sum, row) => sum + row.cents, 0) },
  };
}
