/**
 * What the CRM API answers (issue 8): deals and their history, the pipeline, the commission
 * ledger, the forecast and the stats. Money is in integer euro cents (`…Cents`), except the
 * offer's `price` (euros, as on the offer itself); days are 'YYYY-MM-DD', instants ISO 8601 UTC.
 */
import type { PipelineStage, SelectablePipelineStage } from './enums';

/** A person as CRM answers name them. */
export interface PersonRef {
  id: number;
  fullName: string;
}

/** The offer a deal sells. */
export interface DealService {
  id: number;
  name: string;
  /** Price of the training, in euros. */
  price: number;
  /** Commission rate, in percent. */
  commissionRate: number;
  infopreneurId: number;
}

export interface DealProspect {
  id: number;
  fullName: string;
  email: string | null;
  phone: string | null;
}

/** Who the caller is to the deal: its owner, its setter (handed it off), or the offer's infopreneur. */
/**
 * Who the caller is to a deal: its owner, its setter, the offer's infopreneur (read-only), or a
 * member of the team whose shared pipeline holds it (edits and moves it while it is open).
 */
export type DealViewerRole = 'owner' | 'setter' | 'infopreneur' | 'team';

export type DealHistoryField = 'status' | 'probability' | 'owner';

/** One change of a deal's stage, probability or owner. */
export interface DealHistory {
  id: number;
  dealId: number;
  field: DealHistoryField;
  /** Stage (stored value, e.g. 'Role'), probability as text, or owner id as text; null at creation. */
  fromValue: string | null;
  toValue: string | null;
  /** For owner changes: the former and the new owner. */
  fromUser: PersonRef | null;
  toUser: PersonRef | null;
  note: string | null;
  /** Who made the change (null once their account is deleted). */
  user: PersonRef | null;
  createdAt: string;
}

export interface Deal {
  id: number;
  title: string;
  observations: string | null;
  status: PipelineStage;
  expectedCloseDate: string | null;
  probability: number | null;
  prospectId: number;
  ownerId: number;
  setterId: number | null;
  /** The offer sold (spec name of `service.id`). */
  infopreneurFormationId: number | null;
  teamId: number | null;
  /** The mission through which the seller may sell the offer (null: the infopreneur's own offer). */
  missionId: number | null;
  service: DealService | null;
  prospect: DealProspect;
  owner: PersonRef;
  setter: PersonRef | null;
  /** The amount sold, once won; null otherwise. */
  amountCents: number | null;
  /** The amount sold when won, else the offer's price. */
  valueCents: number;
  /** valueCents × the offer's commission rate, rounded half-up to the cent (the whole commission). */
  commissionCents: number;
  /** Whole days since the deal entered its current stage. */
  daysInStage: number;
  stageChangedAt: string;
  lostReason: string | null;
  /** When it was won (Closed) or lost. */
  closedAt: string | null;
  refundedAt: string | null;
  viewerRole: DealViewerRole;
  /** Whether the caller may edit and move it (the owner; the setter up to R2; a team member while it is open; never the infopreneur). */
  canEdit: boolean;
  createdAt: string;
  updatedAt: string;
  /** `GET /deals/{id}` only: the history, oldest first. */
  dealHistories?: DealHistory[];
}

/** `GET /pipeline`: the six open stages, in order. */
export interface PipelineStageSummary {
  status: SelectablePipelineStage;
  count: number;
  sumCents: number;
  /** Σ valueCents × probability / 100 (a deal without a probability weighs 0), rounded once. */
  weightedCents: number;
}
export interface Pipeline {
  stages: PipelineStageSummary[];
  totals: { count: number; sumCents: number; weightedCents: number };
}

export type CommissionRole = 'setter' | 'closer' | 'seller';
/** `due`: unpaid and its due date has come (stored as pending; computed on read). */
export type CommissionStatus = 'pending' | 'due' | 'paid' | 'clawed_back';

export interface CommissionLine {
  id: number;
  dealId: number;
  dealTitle: string;
  beneficiary: PersonRef;
  payer: PersonRef | null;
  service: { id: number; name: string } | null;
  role: CommissionRole;
  instalment: number;
  instalments: number;
  /** Negative for the correction written when a paid line is clawed back. */
  amountCents: number;
  dueOn: string;
  status: CommissionStatus;
  paidAt: string | null;
  clawedBackAt: string | null;
  createdAt: string;
}

/** Sums of ledger lines; see docs/decisions/009-deals-and-commission-ledger.md. */
export interface CommissionSums {
  /** Every commission written at a win (whatever happened to it since). */
  earnedCents: number;
  /** Unpaid, due date to come. */
  pendingCents: number;
  /** Unpaid, due date reached. */
  dueCents: number;
  paidCents: number;
  /** Taken back by refunds: unpaid lines cancelled plus paid lines reclaimed. */
  clawedBackCents: number;
  /** earned − clawed back. */
  netCents: number;
  /** net − paid: still to pay (negative: to give back). */
  balanceCents: number;
}

export interface CommissionMonth extends CommissionSums {
  /** 'YYYY-MM', by due date. */
  month: string;
}

export interface CommissionOwed extends CommissionSums {
  beneficiary: PersonRef;
}

interface CommissionsBase {
  from: string;
  to: string;
  months: CommissionMonth[];
  totals: CommissionSums;
  lines: CommissionLine[];
}
export interface FreelancerCommissions extends CommissionsBase {
  role: 'freelancer';
}
export interface InfopreneurCommissions extends CommissionsBase {
  role: 'infopreneur';
  /** What the infopreneur owes, per freelancer (most due first). */
  owed: CommissionOwed[];
}
/** `GET /commissions`. */
export type Commissions = FreelancerCommissions | InfopreneurCommissions;

/** `GET`/`PUT /missions/{id}/commission-split`. */
export interface CommissionSplit {
  missionId: number;
  setterSharePercent: number;
}

/** `GET /stats/forecast`. */
export interface Forecast {
  horizons: { days: 30 | 60 | 90; dealCount: number; weightedCommissionCents: number }[];
  /** Open deals without a stage move for at least their threshold ("à relancer"), longest first (at most `staleLimit`). */
  stale: {
    id: number;
    title: string;
    status: SelectablePipelineStage;
    daysInStage: number;
    thresholdDays: number;
    expectedCloseDate: string | null;
    prospect: PersonRef;
  }[];
  /** How many deals are "à relancer" in all (`stale` lists the `staleLimit` longest-waiting). */
  staleTotal: number;
}

export interface StatsMonth {
  month: string;
  wonCount: number;
  revenueCents: number;
  /** Net commission (my lines, or the lines I owe as an infopreneur) by due date. */
  commissionCents: number;
  activitiesDone: number;
}

export interface StageConversion {
  from: PipelineStage;
  to: PipelineStage;
  /** Deals of the period that reached `from` … and then `to` (or further). */
  reached: number;
  advanced: number;
  /** advanced ÷ reached, 0–1 (null when none reached `from`). */
  rate: number | null;
}

export interface SalesBreakdown {
  wonCount: number;
  revenueCents: number;
  commissionCents: number;
}

/** `GET /stats`. */
export interface Stats {
  role: 'freelancer' | 'infopreneur';
  from: string;
  to: string;
  /** Deals created in the period, by their current stage (the eight stages, in order). */
  dealsByStage: { status: PipelineStage; count: number }[];
  conversion: {
    stages: StageConversion[];
    /** Deals won ÷ deals won or lost, among those closed in the period. */
    overall: { won: number; lost: number; rate: number | null };
  };
  months: StatsMonth[];
  totals: { wonCount: number; revenueCents: number; commissionCents: number; activitiesDone: number };
  /** Average days from creation to win, over the deals won in the period (null: none). */
  averageCycleDays: number | null;
  /** Infopreneur only: sales of the period per offer and per freelancer. */
  byService?: (SalesBreakdown & { service: { id: number; name: string } })[];
  byFreelancer?: (SalesBreakdown & { freelancer: PersonRef })[];
}
