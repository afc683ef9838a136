import {
  type CommissionLine,
  type Deal,
  type DealHistory,
  type DealViewerRole,
  dealCan,
  dealProbability,
  type PersonRef,
  type PipelineStage,
} from '@closia/shared';
import type { commissionLines, dealHistories, deals } from '../../db/schema';
import { commissionCents, eurosToCents, presentedStatus } from './ledger';

export type DealRow = typeof deals.$inferSelect;
export type HistoryRow = typeof dealHistories.$inferSelect;
type LineRow = typeof commissionLines.$inferSelect;

export interface NameParts {
  id: number;
  firstName: string;
  lastName: string | null;
}

export interface LoadedDeal {
  deal: DealRow;
  service: { id: number; name: string; price: number; commissionRate: number; infopreneurId: number } | null;
  prospect: NameParts & { email: string | null; phone: string | null };
  owner: NameParts;
  setter: NameParts | null;
  /** Set when the viewer belongs to the team whose shared pipeline holds the deal. */
  teamMember?: boolean;
}

export const fullNameOf = (p: Pick<NameParts, 'firstName' | 'lastName'>) =>
  p.lastName ? `${p.firstName} ${p.lastName}` : p.firstName;
export const personRef = (p: NameParts): PersonRef => ({ id: p.id, fullName: fullNameOf(p) });

const DAY_MS = 24 * 3600_000;

/** Who the viewer is to the deal, or null when they may not see it. */
export function viewerRoleOf(row: LoadedDeal, viewerId: number): DealViewerRole | null {
  if (row.deal.ownerId === viewerId) return 'owner';
  if (row.teamMember) return 'team';
  if (row.deal.setterId === viewerId) return 'setter';
  if (row.service?.infopreneurId === viewerId) return 'infopreneur';
  return null;
}

/** The amount sold when won, else the offer's price (0 without an offer). */
function valueCentsOf(row: Pick<LoadedDeal, 'deal' | 'service'>): number {
  return row.deal.amountCents ?? (row.service ? eurosToCents(row.service.price) : 0);
}

export function presentDeal(
  row: LoadedDeal,
  viewerId: number,
  now = new Date(),
  histories?: DealHistory[],
): Deal {
  const { deal, service } = row;
  const value = valueCentsOf(row);
  const role = viewerRoleOf(row, viewerId) ?? 'infopreneur';
  return {
    id: deal.id,
    title: deal.title,
    observations: deal.observations,
    status: deal.status as PipelineStage,
    expectedCloseDate: deal.expectedCloseDate,
    probability: dealProbability(deal.status, deal.probability),
    prospectId: deal.prospectId,
    ownerId: deal.ownerId,
    setterId: deal.setterId,
    infopreneurFormationId: deal.serviceId,
    teamId: deal.teamId,
    missionId: deal.missionId,
    service: service
      ? {
          id: service.id,
          name: service.name,
          price: service.price,
          commissionRate: service.commissionRate,
          infopreneurId: service.infopreneurId,
        }
      : null,
    prospect: {
      id: row.prospect.id,
      fullName: fullNameOf(row.prospect),
      email: row.prospect.email,
      phone: row.prospect.phone,
    },
    owner: personRef(row.owner),
    setter: row.setter ? personRef(row.setter) : null,
    amountCents: deal.amountCents,
    valueCents: value,
    commissionCents: service ? commissionCents(value, service.commissionRate) : 0,
    daysInStage: Math.max(0, Math.floor((now.getTime() - deal.stageChangedAt.getTime()) / DAY_MS)),
    stageChangedAt: deal.stageChangedAt.toISOString(),
    lostReason: deal.lostReason,
    closedAt: deal.closedAt?.toISOString() ?? null,
    refundedAt: deal.refundedAt?.toISOString() ?? null,
    viewerRole: role,
    // Who edits and moves it (`dealCan`): its owner; its setter up to R2; its team while open.
    canEdit: dealCan({ viewerRole: role, status: deal.status, refundedAt: deal.refundedAt, service }, 'edit'),
    createdAt: deal.createdAt.toISOString(),
    updatedAt: deal.updatedAt.toISOString(),
    ...(histories ? { dealHistories: histories } : {}),
  };
}

export function presentHistory(row: HistoryRow, people: ReadonlyMap<number, PersonRef>): DealHistory {
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  const userOf = (value: string | null) =>
    row.field === 'owner' && value !== null ? person(Number(value)) : null;
  return {
    id: row.id,
    dealId: row.dealId,
    field: row.field as DealHistory['field'],
    fromValue: row.fromValue,
    toValue: row.toValue,
    fromUser: userOf(row.fromValue),
    toUser: userOf(row.toValue),
    note: row.note,
    user: person(row.userId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A history row as `historyJsonOf` aggregates it: the row with the people it names. */
export interface HistoryJson {
  id: number;
  dealId: number;
  field: string;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  /** a JSON timestamp (with its offset) */
  createdAt: string;
  user: NameParts | null;
  fromUser: NameParts | null;
  toUser: NameParts | null;
}

/** The same answer as `presentHistory`, from the aggregated row. */
export function presentHistoryJson(row: HistoryJson): DealHistory {
  return {
    id: row.id,
    dealId: row.dealId,
    field: row.field as DealHistory['field'],
    fromValue: row.fromValue,
    toValue: row.toValue,
    fromUser: row.fromUser ? personRef(row.fromUser) : null,
    toUser: row.toUser ? personRef(row.toUser) : null,
    note: row.note,
    user: row.user ? personRef(row.user) : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export interface LoadedLine {
  line: LineRow;
  dealTitle: string;
  beneficiary: NameParts;
  payer: NameParts | null;
  service: { id: number; name: string } | null;
}

export function presentLine(row: LoadedLine, day: string): CommissionLine {
  const { line } = row;
  return {
    id: line.id,
    dealId: line.dealId,
    dealTitle: row.dealTitle,
    beneficiary: personRef(row.beneficiary),
    payer: row.payer ? personRef(row.payer) : null,
    service: row.service,
    role: line.role as CommissionLine['role'],
    instalment: line.instalment,
    instalments: line.instalments,
    amountCents: line.amountCents,
    dueOn: line.dueOn,
    status: presentedStatus(line.status, line.dueOn, day),
    paidAt: line.paidAt?.toISOString() ?? null,
    clawedBackAt: line.clawedBackAt?.toISOString() ?? null,
    createdAt: line.createdAt.toISOString(),
  };
}

// Response schemas (they also keep anything else from leaving the server), shared with the web's types.
export {
  commissionLineResponse,
  commissionSplitResponse,
  commissionsResponse,
  dealHistoryResponse,
  dealResponse,
  personRefResponse as personResponse,
  pipelineResponse,
} from '@closia/shared';
