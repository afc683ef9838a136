import {
  type CommissionLine,
  type Deal,
  type DealHistory,
  type DealViewerRole,
  dealProbability,
  isOpenStage,
  isSetterStage,
  type PersonRef,
  type PipelineStage,
  pipelineStages,
  selectablePipelineStages,
} from '@closia/shared';
import { z } from 'zod';
import type { commissionLines, dealHistories, deals } from '../../db/schema';
import { commissionCents, eurosToCents, presentedStatus } from './ledger';

export type DealRow = typeof deals.$inferSelect;
type HistoryRow = typeof dealHistories.$inferSelect;
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

/**
 * The owner edits and moves a deal; its setter too while it is at or before R2; a member of its
 * team while it is open (winning, losing and reopening stay with the owner, whose sale it is).
 */
export function canEdit(role: DealViewerRole | null, status: string): boolean {
  if (role === 'owner') return true;
  if (role === 'team') return isOpenStage(status);
  return role === 'setter' && isSetterStage(status);
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
    canEdit: canEdit(role, deal.status),
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

// Response schemas (they also keep anything else from leaving the server).

export const personResponse = z.object({ id: z.number(), fullName: z.string() });

export const dealHistoryResponse = z.object({
  id: z.number(),
  dealId: z.number(),
  field: z.enum(['status', 'probability', 'owner']),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  fromUser: personResponse.nullable(),
  toUser: personResponse.nullable(),
  note: z.string().nullable(),
  user: personResponse.nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<DealHistory>;

export const dealResponse = z.object({
  id: z.number(),
  title: z.string(),
  observations: z.string().nullable(),
  status: z.enum(pipelineStages),
  expectedCloseDate: z.string().nullable(),
  probability: z.number().nullable(),
  prospectId: z.number(),
  ownerId: z.number(),
  setterId: z.number().nullable(),
  infopreneurFormationId: z.number().nullable(),
  teamId: z.number().nullable(),
  missionId: z.number().nullable(),
  service: z
    .object({
      id: z.number(),
      name: z.string(),
      price: z.number(),
      commissionRate: z.number(),
      infopreneurId: z.number(),
    })
    .nullable(),
  prospect: z.object({
    id: z.number(),
    fullName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  owner: personResponse,
  setter: personResponse.nullable(),
  amountCents: z.number().nullable(),
  valueCents: z.number(),
  commissionCents: z.number(),
  daysInStage: z.number(),
  stageChangedAt: z.string(),
  lostReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  viewerRole: z.enum(['owner', 'setter', 'infopreneur', 'team']),
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dealHistories: z.array(dealHistoryResponse).optional(),
}) satisfies z.ZodType<Deal>;

export const commissionLineResponse = z.object({
  id: z.number(),
  dealId: z.number(),
  dealTitle: z.string(),
  beneficiary: personResponse,
  payer: personResponse.nullable(),
  service: z.object({ id: z.number(), name: z.string() }).nullable(),
  role: z.enum(['setter', 'closer', 'seller']),
  instalment: z.number(),
  instalments: z.number(),
  amountCents: z.number(),
  dueOn: z.string(),
  status: z.enum(['pending', 'due', 'paid', 'clawed_back']),
  paidAt: z.string().nullable(),
  clawedBackAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<CommissionLine>;

const sums = {
  earnedCents: z.number(),
  pendingCents: z.number(),
  dueCents: z.number(),
  paidCents: z.number(),
  clawedBackCents: z.number(),
  netCents: z.number(),
  balanceCents: z.number(),
};
const commissionSumsResponse = z.object(sums);

export const commissionsResponse = z.object({
  role: z.enum(['freelancer', 'infopreneur']),
  from: z.string(),
  to: z.string(),
  owed: z.array(z.object({ beneficiary: personResponse, ...sums })).optional(),
  months: z.array(z.object({ month: z.string(), ...sums })),
  totals: commissionSumsResponse,
  lines: z.array(commissionLineResponse),
});

export const pipelineResponse = z.object({
  stages: z.array(
    z.object({
      status: z.enum(selectablePipelineStages),
      count: z.number(),
      sumCents: z.number(),
      weightedCents: z.number(),
    }),
  ),
  totals: z.object({ count: z.number(), sumCents: z.number(), weightedCents: z.number() }),
});

export const commissionSplitResponse = z.object({ missionId: z.number(), setterSharePercent: z.number() });
