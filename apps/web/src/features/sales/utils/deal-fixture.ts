import type { Deal } from '@closia/shared';

/** A deal for unit tests: an open deal of 1 000 € at 50 %, owned by user 1; `overrides` change any field. */
export function dealFixture(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 1,
    title: 'Formation immobilier',
    observations: null,
    status: 'Prospecting',
    expectedCloseDate: '2025-03-20',
    probability: 50,
    prospectId: 10,
    ownerId: 1,
    setterId: null,
    infopreneurFormationId: 5,
    teamId: null,
    missionId: 7,
    service: { id: 5, name: 'Immobilier locatif', price: 1000, commissionRate: 20, infopreneurId: 9 },
    prospect: { id: 10, fullName: 'Julie Durand', email: null, phone: null },
    owner: { id: 1, fullName: 'Sam Setter' },
    setter: null,
    amountCents: null,
    valueCents: 100_000,
    commissionCents: 20_000,
    daysInStage: 4,
    stageChangedAt: '2025-03-01T09:00:00.000Z',
    lostReason: null,
    closedAt: null,
    refundedAt: null,
    viewerRole: 'owner',
    canEdit: true,
    createdAt: '2025-02-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}
