import {
  type Deal,
  isOpenStage,
  type Pipeline,
  type PipelineStageSummary,
  pipelineTotals,
  type SelectablePipelineStage,
} from '@closia/shared';
import { openStages } from './stages';

/*
 * The kanban's optimistic move. A drop (or "Déplacer") changes the cached deals and the column
 * figures at once, before the API answers; if it refuses, the move is undone. Undoing restores only
 * the moved deal, so that a second move made meanwhile on another card survives the first one's failure.
 */

/** What the board shows: its deals and the figures of its columns (none while they load). */
export interface Board {
  deals: Deal[];
  pipeline: Pipeline | undefined;
}

/** One move, with what the deal was before it (to undo it exactly). */
export interface Move {
  dealId: number;
  from: Pick<Deal, 'status' | 'daysInStage' | 'stageChangedAt'>;
  to: SelectablePipelineStage;
  /** When the move was made (ISO): the deal's new `stageChangedAt`. */
  at: string;
  /** What the deal weighs in a column: 1, its value, its value × probability. */
  weight: Pick<PipelineStageSummary, 'count' | 'sumCents' | 'weightedCents'>;
}

export type BoardAction = { type: 'move'; move: Move } | { type: 'rollback'; move: Move };

/** A deal's weight in a column's figures (`GET /pipeline`'s rule: no probability weighs 0). */
export function weightOf(deal: Pick<Deal, 'valueCents' | 'probability'>): Move['weight'] {
  return {
    count: 1,
    sumCents: deal.valueCents,
    weightedCents: Math.round((deal.valueCents * (deal.probability ?? 0)) / 100),
  };
}

/** The move of `deal` to `to` now, or null when there is nothing to move. */
export function planMove(deal: Deal, to: SelectablePipelineStage, now: Date = new Date()): Move | null {
  if (deal.status === to || !isOpenStage(deal.status)) return null;
  return {
    dealId: deal.id,
    from: { status: deal.status, daysInStage: deal.daysInStage, stageChangedAt: deal.stageChangedAt },
    to,
    at: now.toISOString(),
    weight: weightOf(deal),
  };
}

function shiftStage(stage: PipelineStageSummary, weight: Move['weight'], sign: 1 | -1): PipelineStageSummary {
  return {
    ...stage,
    count: Math.max(0, stage.count + sign * weight.count),
    sumCents: stage.sumCents + sign * weight.sumCents,
    weightedCents: stage.weightedCents + sign * weight.weightedCents,
  };
}

/** The column figures with `weight` taken out of `from` and put into `to` (totals do not change). */
function transfer(
  pipeline: Pipeline | undefined,
  from: Deal['status'],
  to: Deal['status'],
  weight: Move['weight'],
): Pipeline | undefined {
  if (!pipeline) return pipeline;
  return {
    ...pipeline,
    stages: pipeline.stages.map((stage) => {
      if (stage.status === from) return shiftStage(stage, weight, -1);
      if (stage.status === to) return shiftStage(stage, weight, 1);
      return stage;
    }),
  };
}

/**
 * The board after a move, or after undoing one. A rollback only touches the deal while it still
 * stands where the move put it (a later move or a refetch wins).
 */
export function boardReducer(board: Board, action: BoardAction): Board {
  const { move } = action;
  const deal = board.deals.find((candidate) => candidate.id === move.dealId);
  if (action.type === 'move') {
    if (!deal || deal.status !== move.from.status) return board;
    return {
      deals: board.deals.map((d) =>
        d.id === move.dealId ? { ...d, status: move.to, daysInStage: 0, stageChangedAt: move.at } : d,
      ),
      pipeline: transfer(board.pipeline, move.from.status, move.to, move.weight),
    };
  }
  if (!deal || deal.status !== move.to || deal.stageChangedAt !== move.at) return board;
  return {
    deals: board.deals.map((d) => (d.id === move.dealId ? { ...d, ...move.from } : d)),
    pipeline: transfer(board.pipeline, move.to, move.from.status, move.weight),
  };
}

/** Column figures computed from deals (the deals on an infopreneur's offers have no `/pipeline`). */
export function pipelineFromDeals(deals: readonly Deal[]): Pipeline {
  const stages = openStages.map((status) => {
    const inStage = deals.filter((deal) => deal.status === status);
    return {
      status,
      count: inStage.length,
      sumCents: inStage.reduce((sum, deal) => sum + deal.valueCents, 0),
      weightedCents: Math.round(
        inStage.reduce((sum, deal) => sum + deal.valueCents * (deal.probability ?? 0), 0) / 100,
      ),
    };
  });
  return { stages, totals: pipelineTotals(stages) };
}
