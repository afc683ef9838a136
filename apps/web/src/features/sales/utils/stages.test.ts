import { dealMoveTargets, isOpenStage } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import { dealFixture } from './deal-fixture';
import { groupByStage, openStages, stageLabel } from './stages';

describe('stages', () => {
  it('keeps the spec order, R2 labelling the stored Role', () => {
    expect(openStages).toEqual(['Prospecting', 'Qualification', 'Closing', 'Role', 'Onboarding', 'FollowUp']);
    expect(stageLabel('Role')).toBe('R2');
    expect(openStages.map(stageLabel)).toEqual([
      'Prospection',
      'Qualification',
      'Closing',
      'R2',
      'Onboarding',
      'Suivi',
    ]);
    expect(isOpenStage('Closed')).toBe(false);
    expect(isOpenStage('Lost')).toBe(false);
  });

  it('groups the open deals by stage, in order, leaving closed ones out', () => {
    const deals = [
      dealFixture({ id: 1, status: 'Role' }),
      dealFixture({ id: 2, status: 'Prospecting' }),
      dealFixture({ id: 3, status: 'Closed' }),
      dealFixture({ id: 4, status: 'Role' }),
    ];
    const groups = groupByStage(deals);
    expect([...groups.keys()]).toEqual([...openStages]);
    expect(groups.get('Role')?.map((deal) => deal.id)).toEqual([1, 4]);
    expect(groups.get('Prospecting')?.map((deal) => deal.id)).toEqual([2]);
    expect(groups.get('Closing')).toEqual([]);
  });

  it('lets the owner move anywhere open, the setter up to R2, the infopreneur nowhere', () => {
    expect(dealMoveTargets(dealFixture({ status: 'Closing' }))).toEqual([
      'Prospecting',
      'Qualification',
      'Role',
      'Onboarding',
      'FollowUp',
    ]);
    expect(dealMoveTargets(dealFixture({ status: 'Role', viewerRole: 'setter' }))).toEqual([
      'Prospecting',
      'Qualification',
      'Closing',
    ]);
    expect(
      dealMoveTargets(dealFixture({ status: 'Onboarding', viewerRole: 'setter', canEdit: false })),
    ).toEqual([]);
    expect(dealMoveTargets(dealFixture({ viewerRole: 'infopreneur', canEdit: false }))).toEqual([]);
    expect(dealMoveTargets(dealFixture({ status: 'Closed' }))).toEqual([]);
  });
});
