import { describe, expect, it } from 'vitest';
import {
  type DealSubject,
  dealActions,
  dealCan,
  dealMayReach,
  dealMoveTargets,
  dealProbability,
  dealRefusal,
  isOpenStage,
  isSetterStage,
  pipelineTotals,
  setterStages,
} from './deal-rules';

describe('dealProbability', () => {
  it('is 100 once won, 0 once lost, the estimate while open', () => {
    expect(dealProbability('Closed', 90)).toBe(100);
    expect(dealProbability('Closed', null)).toBe(100);
    expect(dealProbability('Lost', 40)).toBe(0);
    expect(dealProbability('Closing', 40)).toBe(40);
    expect(dealProbability('Role', null)).toBeNull();
  });
});

describe('stages', () => {
  it('the six open stages are open; won and lost are not', () => {
    expect(
      ['Prospecting', 'Qualification', 'Closing', 'Role', 'Onboarding', 'FollowUp'].every(isOpenStage),
    ).toBe(true);
    expect(isOpenStage('Closed')).toBe(false);
    expect(isOpenStage('Lost')).toBe(false);
  });

  it('a setter works a deal up to R2 (stored Role), not past it', () => {
    expect(setterStages).toEqual(['Prospecting', 'Qualification', 'Closing', 'Role']);
    expect(isSetterStage('Role')).toBe(true);
    expect(isSetterStage('Onboarding')).toBe(false);
    expect(isSetterStage('Closed')).toBe(false);
  });
});

describe('dealCan', () => {
  const deal = (over: Partial<DealSubject> = {}): DealSubject => ({
    viewerRole: 'owner',
    status: 'Closing',
    refundedAt: null,
    service: { infopreneurId: 9 },
    ...over,
  });
  const allowed = (subject: DealSubject, viewerId?: number) =>
    dealActions.filter((action) => dealCan(subject, action, viewerId));

  it('lets the owner do everything its stage allows', () => {
    expect(allowed(deal())).toEqual(['edit', 'move', 'win', 'lose', 'delete', 'chooseTeam']);
    expect(allowed(deal({ status: 'Role' }))).toEqual([
      'edit',
      'move',
      'win',
      'lose',
      'handOff',
      'delete',
      'chooseTeam',
    ]);
    expect(allowed(deal({ status: 'Closed' }))).toEqual(['edit', 'reopen', 'refund', 'delete', 'chooseTeam']);
    expect(allowed(deal({ status: 'Lost' }))).toEqual(['edit', 'reopen', 'delete', 'chooseTeam']);
    expect(allowed(deal({ status: 'Closed', refundedAt: '2025-03-01T09:00:00.000Z' }))).toEqual([
      'edit',
      'delete',
      'chooseTeam',
    ]);
  });

  it('lets the setter edit and move up to R2 only', () => {
    expect(allowed(deal({ viewerRole: 'setter', status: 'Role' }))).toEqual(['edit', 'move']);
    expect(allowed(deal({ viewerRole: 'setter', status: 'Onboarding' }))).toEqual([]);
    expect(allowed(deal({ viewerRole: 'setter', status: 'Closed' }))).toEqual([]);
    expect(dealRefusal(deal({ viewerRole: 'setter', status: 'Onboarding' }), 'edit')).toBe('who');
    expect(dealRefusal(deal({ viewerRole: 'setter' }), 'win')).toBe('who');
  });

  it("lets the team edit and move an open deal; the rest stays the owner's", () => {
    expect(allowed(deal({ viewerRole: 'team', status: 'FollowUp' }))).toEqual(['edit', 'move']);
    expect(allowed(deal({ viewerRole: 'team', status: 'Closed' }))).toEqual([]);
    expect(dealRefusal(deal({ viewerRole: 'team', status: 'Lost' }), 'move')).toBe('who');
  });

  it("lets the offer's infopreneur only declare the refund, even as a member of the team", () => {
    expect(allowed(deal({ viewerRole: 'infopreneur', status: 'Closed' }))).toEqual(['refund']);
    expect(allowed(deal({ viewerRole: 'infopreneur' }))).toEqual([]);
    expect(dealRefusal(deal({ viewerRole: 'infopreneur' }), 'refund')).toBe('when');
    expect(allowed(deal({ viewerRole: 'team', status: 'Closed' }), 9)).toEqual(['refund']);
    expect(allowed(deal({ viewerRole: 'team', status: 'Closed' }), 4)).toEqual([]);
    expect(allowed(deal({ viewerRole: 'setter', status: 'Closed' }), 9)).toEqual([]);
  });

  it('says when the stage is what refuses', () => {
    expect(dealRefusal(deal({ status: 'Closed' }), 'move')).toBe('when');
    expect(dealRefusal(deal({ status: 'Lost' }), 'win')).toBe('when');
    expect(dealRefusal(deal(), 'reopen')).toBe('when');
    expect(dealRefusal(deal(), 'refund')).toBe('when');
    expect(dealRefusal(deal(), 'handOff')).toBe('when');
    expect(dealRefusal(deal({ status: 'Role' }), 'handOff')).toBeNull();
  });

  it('offers the stages each viewer may move the deal to', () => {
    expect(dealMoveTargets(deal())).toEqual([
      'Prospecting',
      'Qualification',
      'Role',
      'Onboarding',
      'FollowUp',
    ]);
    expect(dealMoveTargets(deal({ viewerRole: 'setter', status: 'Role' }))).toEqual([
      'Prospecting',
      'Qualification',
      'Closing',
    ]);
    expect(dealMoveTargets(deal({ viewerRole: 'infopreneur' }))).toEqual([]);
    expect(dealMoveTargets(deal({ status: 'Closed' }))).toEqual([]);
    expect(dealMayReach(deal({ viewerRole: 'setter' }), 'Onboarding')).toBe(false);
    expect(dealMayReach(deal({ viewerRole: 'team' }), 'Onboarding')).toBe(true);
  });
});

describe('pipelineTotals', () => {
  it('sums the stages, and is zero for an empty pipeline', () => {
    expect(
      pipelineTotals([
        { count: 2, sumCents: 300_000, weightedCents: 90_000 },
        { count: 1, sumCents: 150_000, weightedCents: 75_000 },
      ]),
    ).toEqual({ count: 3, sumCents: 450_000, weightedCents: 165_000 });
    expect(pipelineTotals([])).toEqual({ count: 0, sumCents: 0, weightedCents: 0 });
  });
});
