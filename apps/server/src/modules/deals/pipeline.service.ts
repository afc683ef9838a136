/** The pipeline's sums: what the open stages hold, for a seller or a team's shared pipeline. */
import { type Pipeline, pipelineTotals, selectablePipelineStages } from '@closia/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deals, services } from '../../db/schema';
import type { Viewer } from '../../lib/viewer';
import { requireCapability } from '../teams/teams.service';
import { openStages, valueCentsSql, workedBy } from './deal-access';

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
  return { stages, totals: pipelineTotals(stages) };
}
