/**
 * What the CRM API answers (issue 8): deals and their history, the pipeline, the commission
 * ledger and the commission split. Money is in integer euro cents (`…Cents`), except the offer's
 * `price` (euros, as on the offer itself); days are 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { commissionRoles, commissionStatuses, pipelineStages, selectablePipelineStages } from '../enums';
import { textField } from '../schemas/fields';
import { personRefResponse } from './common';

/** The offer a deal sells. */
export const dealServiceResponse = z.object({
  id: z.number(),
  name: textField(),
  price: z.number().meta({ description: 'Price of the training, in euros.' }),
  commissionRate: z.number().meta({ description: 'Commission rate, in percent.' }),
  infopreneurId: z.number(),
});
export type DealService = z.infer<typeof dealServiceResponse>;

export const dealProspectResponse = z.object({
  id: z.number(),
  fullName: textField(),
  email: textField().nullable(),
  phone: textField().nullable(),
});
export type DealProspect = z.infer<typeof dealProspectResponse>;

/**
 * Who the caller is to a deal: its owner, its setter, the offer's infopreneur (read-only), or a
 * member of the team whose shared pipeline holds it (edits and moves it while it is open).
 */
const dealViewerRoles = ['owner', 'setter', 'infopreneur', 'team'] as const;
export type DealViewerRole = (typeof dealViewerRoles)[number];

const dealHistoryFields = ['status', 'probability', 'owner'] as const;
export type DealHistoryField = (typeof dealHistoryFields)[number];

/** One change of a deal's stage, probability or owner. */
export const dealHistoryResponse = z.object({
  id: z.number(),
  dealId: z.number(),
  field: z.enum(dealHistoryFields),
  fromValue: textField().nullable().meta({
    description:
      "Stage (stored value, e.g. 'Role'), probability as text, or owner id as text; null at creation.",
  }),
  toValue: textField().nullable(),
  fromUser: personRefResponse
    .nullable()
    .meta({ description: 'For owner changes: the former and the new owner.' }),
  toUser: personRefResponse.nullable(),
  note: textField().nullable(),
  user: personRefResponse
    .nullable()
    .meta({ description: 'Who made the change (null once their account is deleted).' }),
  createdAt: textField(),
});
export type DealHistory = z.infer<typeof dealHistoryResponse>;

export const dealResponse = z.object({
  id: z.number(),
  title: textField(),
  observations: textField().nullable(),
  status: z.enum(pipelineStages),
  expectedCloseDate: textField().nullable(),
  probability: z.number().nullable(),
  prospectId: z.number(),
  ownerId: z.number(),
  setterId: z.number().nullable(),
  infopreneurFormationId: z
    .number()
    .nullable()
    .meta({ description: 'The offer sold (spec name of `service.id`).' }),
  teamId: z.number().nullable(),
  missionId: z.number().nullable().meta({
    description:
      "The mission through which the seller may sell the offer (null: the infopreneur's own offer).",
  }),
  service: dealServiceResponse.nullable(),
  prospect: dealProspectResponse,
  owner: personRefResponse,
  setter: personRefResponse.nullable(),
  amountCents: z.number().nullable().meta({ description: 'The amount sold, once won; null otherwise.' }),
  valueCents: z.number().meta({ description: "The amount sold when won, else the offer's price." }),
  commissionCents: z.number().meta({
    description:
      "valueCents × the offer's commission rate, rounded half-up to the cent (the whole commission).",
  }),
  daysInStage: z.number().meta({ description: 'Whole days since the deal entered its current stage.' }),
  stageChangedAt: textField(),
  lostReason: textField().nullable(),
  closedAt: textField().nullable().meta({ description: 'When it was won (Closed) or lost.' }),
  refundedAt: textField().nullable(),
  viewerRole: z.enum(dealViewerRoles),
  canEdit: z.boolean().meta({
    description:
      'Whether the caller may edit and move it (the owner; the setter up to R2; a team member while it is open; never the infopreneur).',
  }),
  createdAt: textField(),
  updatedAt: textField(),
  dealHistories: z
    .array(dealHistoryResponse)
    .optional()
    .meta({ description: '`GET /deals/{id}` only: the history, oldest first.' }),
});
export type Deal = z.infer<typeof dealResponse>;

/** `GET /pipeline`: the six open stages, in order. */
export const pipelineStageSummaryResponse = z.object({
  status: z.enum(selectablePipelineStages),
  count: z.number(),
  sumCents: z.number(),
  weightedCents: z.number().meta({
    description: 'Σ valueCents × probability / 100 (a deal without a probability weighs 0), rounded once.',
  }),
});
export type PipelineStageSummary = z.infer<typeof pipelineStageSummaryResponse>;

export const pipelineResponse = z.object({
  stages: z.array(pipelineStageSummaryResponse),
  totals: z.object({ count: z.number(), sumCents: z.number(), weightedCents: z.number() }),
});
export type Pipeline = z.infer<typeof pipelineResponse>;

export const commissionLineResponse = z.object({
  id: z.number(),
  dealId: z.number(),
  dealTitle: textField(),
  beneficiary: personRefResponse,
  payer: personRefResponse.nullable(),
  service: z.object({ id: z.number(), name: textField() }).nullable(),
  role: z.enum(commissionRoles),
  instalment: z.number(),
  instalments: z.number(),
  amountCents: z
    .number()
    .meta({ description: 'Negative for the correction written when a paid line is clawed back.' }),
  dueOn: textField(),
  status: z.enum(commissionStatuses).meta({
    description: '`due`: unpaid and its due date has come (stored as pending; computed on read).',
  }),
  paidAt: textField().nullable(),
  clawedBackAt: textField().nullable(),
  createdAt: textField(),
});
export type CommissionLine = z.infer<typeof commissionLineResponse>;

/** Sums of ledger lines; see docs/decisions/009-deals-and-commission-ledger.md. */
const commissionSums = {
  earnedCents: z
    .number()
    .meta({ description: 'Every commission written at a win (whatever happened to it since).' }),
  pendingCents: z.number().meta({ description: 'Unpaid, due date to come.' }),
  dueCents: z.number().meta({ description: 'Unpaid, due date reached.' }),
  paidCents: z.number(),
  clawedBackCents: z.number().meta({
    description: 'Taken back by refunds: unpaid lines cancelled plus paid lines reclaimed.',
  }),
  netCents: z.number().meta({ description: 'earned − clawed back.' }),
  balanceCents: z.number().meta({ description: 'net − paid: still to pay (negative: to give back).' }),
};
export const commissionSumsResponse = z.object(commissionSums);
export type CommissionSums = z.infer<typeof commissionSumsResponse>;

export const commissionMonthResponse = z.object({
  month: textField().meta({ description: "'YYYY-MM', by due date." }),
  ...commissionSums,
});
export type CommissionMonth = z.infer<typeof commissionMonthResponse>;

export const commissionOwedResponse = z.object({ beneficiary: personRefResponse, ...commissionSums });
export type CommissionOwed = z.infer<typeof commissionOwedResponse>;

/**
 * `GET /commissions`: a freelancer's lines, or an infopreneur's with what they owe (`owed`). The
 * sums (`months`, `totals`, `owed`) cover the whole period; `lines` is one page of it.
 */
export const commissionsResponse = z.object({
  role: z.enum(['freelancer', 'infopreneur']),
  from: textField(),
  to: textField(),
  owed: z
    .array(commissionOwedResponse)
    .optional()
    .meta({ description: 'Infopreneur only: what they owe, per freelancer (most due first).' }),
  months: z.array(commissionMonthResponse),
  totals: commissionSumsResponse,
  lines: z.array(commissionLineResponse).meta({
    description:
      'One page of the lines (`perPage`, newest due date first by default); `nextCursor` asks for the next.',
  }),
  nextCursor: textField()
    .nullable()
    .meta({ description: 'The `cursor` of the next page of lines; null on the last page.' }),
});
export type Commissions = z.infer<typeof commissionsResponse>;

/** `GET`/`PUT /missions/{id}/commission-split`. */
export const commissionSplitResponse = z.object({ missionId: z.number(), setterSharePercent: z.number() });
export type CommissionSplit = z.infer<typeof commissionSplitResponse>;
