import type { Pipeline } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { dealFixture } from './deal-fixture';
import { type Board, boardReducer, type Move, pipelineFromDeals, planMove, weightOf } from './kanban';

const NOW = new Date('2025-03-10T12:00:00.000Z');

function boardOf(
  deals = [dealFixture({ id: 1 }), dealFixture({ id: 2, status: 'Closing', probability: null })],
): Board {
  return { deals, pipeline: pipelineFromDeals(deals) };
}

const stage = (board: Board, status: string) => board.pipeline?.stages.find((s) => s.status === status);

describe('pipelineFromDeals', () => {
  it('sums count, value and weighted value per open stage, in order', () => {
    const pipeline = pipelineFromDeals([
      dealFixture({ id: 1, status: 'Closing', valueCents: 100_000, probability: 50 }),
      dealFixture({ id: 2, status: 'Closing', valueCents: 33_333, probability: 33 }),
      dealFixture({ id: 3, status: 'Role', valueCents: 50_000, probability: null }),
      dealFixture({ id: 4, status: 'Closed', valueCents: 99_999 }),
    ]);
    expect(pipeline.stages.map((s) => s.status)).toEqual([
      'Prospecting',
      'Qualification',
      'Closing',
      'Role',
      'Onboarding',
      'FollowUp',
    ]);
    // 50 000 + 10 999.89, rounded once.
    expect(pipeline.stages[2]).toEqual({
      status: 'Closing',
      count: 2,
      sumCents: 133_333,
      weightedCents: 61_000,
    });
    expect(pipeline.stages[3]).toEqual({ status: 'Role', count: 1, sumCents: 50_000, weightedCents: 0 });
    expect(pipeline.totals).toEqual({ count: 3, sumCents: 183_333, weightedCents: 61_000 });
  });
});

describe('planMove', () => {
  it('records where the deal was and what it weighs', () => {
    const deal = dealFixture();
    expect(planMove(deal, 'Role', NOW)).toEqual({
      dealId: 1,
      from: { status: 'Prospecting', daysInStage: 4, stageChangedAt: '2025-03-01T09:00:00.000Z' },
      to: 'Role',
      at: NOW.toISOString(),
      weight: { count: 1, sumCents: 100_000, weightedCents: 50_000 },
    });
  });
  it('has nothing to do for the same stage or a closed deal', () => {
    expect(planMove(dealFixture(), 'Prospecting', NOW)).toBeNull();
    expect(planMove(dealFixture({ status: 'Closed' }), 'Role', NOW)).toBeNull();
  });
  it('weighs a deal without probability at 0', () => {
    expect(weightOf(dealFixture({ probability: null })).weightedCents).toBe(0);
  });
});

describe('boardReducer', () => {
  it('moves the card and its figures to the new column at once', () => {
    const board = boardOf();
    const move = planMove(board.deals[0]!, 'Role', NOW) as Move;
    const next = boardReducer(board, { type: 'move', move });
    expect(next.deals[0]).toMatchObject({
      id: 1,
      status: 'Role',
      daysInStage: 0,
      stageChangedAt: NOW.toISOString(),
    });
    expect(next.deals[1]).toBe(board.deals[1]);
    expect(stage(next, 'Prospecting')).toMatchObject({ count: 0, sumCents: 0, weightedCents: 0 });
    expect(stage(next, 'Role')).toMatchObject({ count: 1, sumCents: 100_000, weightedCents: 50_000 });
    expect(next.pipeline?.totals).toEqual(board.pipeline?.totals);
    // The state is not mutated.
    expect(board.deals[0]?.status).toBe('Prospecting');
  });

  it('a rollback restores the board exactly', () => {
    const board = boardOf();
    const move = planMove(board.deals[0]!, 'FollowUp', NOW) as Move;
    const moved = boardReducer(board, { type: 'move', move });
    expect(boardReducer(moved, { type: 'rollback', move })).toEqual(board);
  });

  it('rolling back one move keeps another move made meanwhile', () => {
    const board = boardOf();
    const first = planMove(board.deals[0]!, 'Role', NOW) as Move;
    const afterFirst = boardReducer(board, { type: 'move', move: first });
    const second = planMove(afterFirst.deals[1]!, 'Onboarding', new Date('2025-03-10T12:00:01.000Z')) as Move;
    const afterBoth = boardReducer(afterFirst, { type: 'move', move: second });
    const rolledBack = boardReducer(afterBoth, { type: 'rollback', move: first });
    expect(rolledBack.deals.map((deal) => deal.status)).toEqual(['Prospecting', 'Onboarding']);
    expect(stage(rolledBack, 'Prospecting')?.count).toBe(1);
    expect(stage(rolledBack, 'Role')?.count).toBe(0);
    expect(stage(rolledBack, 'Closing')?.count).toBe(0);
    expect(stage(rolledBack, 'Onboarding')?.count).toBe(1);
  });

  it('a rollback leaves alone a deal that moved again since', () => {
    const board = boardOf();
    const first = planMove(board.deals[0]!, 'Role', NOW) as Move;
    const afterFirst = boardReducer(board, { type: 'move', move: first });
    const again = planMove(afterFirst.deals[0]!, 'Closing', new Date('2025-03-10T12:00:05.000Z')) as Move;
    const afterAgain = boardReducer(afterFirst, { type: 'move', move: again });
    expect(boardReducer(afterAgain, { type: 'rollback', move: first })).toBe(afterAgain);
  });

  it('ignores a move of a deal no longer where it was, or absent', () => {
    const board = boardOf();
    const stale: Move = {
      ...(planMove(board.deals[0]!, 'Role', NOW) as Move),
      from: { ...board.deals[0]!, status: 'Closing' },
    };
    expect(boardReducer(board, { type: 'move', move: stale })).toBe(board);
    const absent = { ...(planMove(board.deals[0]!, 'Role', NOW) as Move), dealId: 99 };
    expect(boardReducer(board, { type: 'move', move: absent })).toBe(board);
  });

  it('moves the cards of a board without column figures', () => {
    const board: Board = { deals: [dealFixture()], pipeline: undefined };
    const move = planMove(board.deals[0]!, 'Closing', NOW) as Move;
    const next = boardReducer(board, { type: 'move', move });
    expect(next.pipeline).toBeUndefined();
    expect(next.deals[0]?.status).toBe('Closing');
  });

  it('never counts a column below zero', () => {
    const deals = [dealFixture()];
    const pipeline: Pipeline = { ...pipelineFromDeals(deals) };
    pipeline.stages = pipeline.stages.map((s) => (s.status === 'Prospecting' ? { ...s, count: 0 } : s));
    const move = planMove(deals[0]!, 'Role', NOW) as Move;
    expect(stage(boardReducer({ deals, pipeline }, { type: 'move', move }), 'Prospecting')?.count).toBe(0);
  });
});
