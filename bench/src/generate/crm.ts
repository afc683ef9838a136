/**
 * Fills a migrated and seeded Closia database with the CRM of one busy setter (issue 8), the same
 * rows every run (seeded PRNG), in French (french.ts):
 * - one infopreneur (`bench-crm-infopreneur@closia.test`) with 3 approved, active offers (497–2,997 €,
 *   commission 10–30 %) and a published, open mission on each;
 * - one setter (`bench-crm-setter@closia.test`) and one closer (`bench-crm-closer@closia.test`),
 *   finished profiles, both accepted on every mission; the three sign in with BENCH_PASSWORD;
 * - the setter's 10,000 prospects (contact status, qualification, links, custom fields) and ~5,000
 *   activities on them (40 % done over the last 12 months; open ones overdue, today, within the
 *   week or later), each prospect's `nextActivityAt` its earliest open activity;
 * - 20,000 deals over those prospects: ~50 % at one of the six open stages, ~35 % won (Closed),
 *   ~15 % lost; created over the last 12 months, expected to close within ±6 months, with a
 *   probability by stage; ~20 % handed off at R2 (the closer owns them, the setter is their setter);
 *   2–5 history rows per deal (creation, each stage move, the handoff; a probability change for a
 *   deal that never moved); won deals carry their amount and their commission lines as the server
 *   writes them (deals/ledger.ts: rate rounded half-up, 30/70 setter/closer split when handed off,
 *   1–3 monthly instalments, those already due mostly paid; a few sales refunded and clawed back).
 *
 * Dates are spread back (and forward) from the start of the current UTC day, not from a fixed day
 * as marketplace.ts does: the stats, the forecast and the activity filters read "today", so the data
 * keeps the same shape whatever the day of the run (same rows on the same day).
 *
 * Rows go in through Drizzle's schema, at most 2,000 per INSERT (BATCH), in one transaction, then
 * VACUUM ANALYZE. One seller's rows are drawn by `bookOf` and written by `insertBooks`, which
 * crm-team.ts reuses for the crm scenario's 200 sellers and heavy user (issue 19); `generateCrm`
 * itself is the single setter of issue 8 (`cli.ts --crm-setter`).
 */
import { performance } from 'node:perf_hooks';
import type { Database, Tx } from '@closia/server/db/client';
import {
  applications,
  commissionLines,
  dealHistories,
  deals,
  missions,
  profiles,
  prospectActivities,
  prospects,
  services,
} from '@closia/server/db/schema';
import {
  type LeadStage,
  type PipelineStage,
  type ProspectState,
  type SelectablePipelineStage,
  selectablePipelineStages,
} from '@closia/shared';
import { cities, firstNames, lastNames, slug } from './french';
import { BENCH_HASH, BENCH_PASSWORD, insertBatches, insertUsers } from './marketplace';
import { insertSubscriptions } from './plans';
import { Random } from './random';

export const CRM_ACCOUNTS = {
  infopreneur: 'bench-crm-infopreneur@closia.test',
  setter: 'bench-crm-setter@closia.test',
  closer: 'bench-crm-closer@closia.test',
} as const;

/** Sizes at scale 1 (issue 8). */
export const CRM_FULL_SIZE = { prospects: 10_000, deals: 20_000, activities: 5_000 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The setter's share of a handed-off sale's commission (the missions keep the default, 30 %). */
const SETTER_SHARE_PERCENT = 30;

export interface CrmGenerateOptions {
  /** Multiplies every size (1: issue 8's figures; 0.05 for a quick try). */
  scale?: number;
  seed?: number;
  /** Dates are spread around the start of this instant's UTC day (default: now). */
  now?: Date;
  log?: (line: string) => void;
}

export interface CrmService {
  id: number;
  /** Who sells the offer: the payer of its commission lines. */
  infopreneurId: number;
  name: string;
  price: number;
  commissionRate: number;
  missionId: number;
}

export interface Crm {
  counts: {
    prospects: number;
    activities: number;
    deals: number;
    openDeals: number;
    wonDeals: number;
    lostDeals: number;
    handedOff: number;
    histories: number;
    commissionLines: number;
  };
  /** ms: the whole generation, the inserts alone, VACUUM ANALYZE */
  timings: { totalMs: number; insertMs: number; vacuumMs: number };
  password: string;
  infopreneur: { id: number; email: string };
  setter: { id: number; email: string };
  closer: { id: number; email: string };
  services: CrmService[];
  /** 'YYYY-MM-DD' the dates were spread around (UTC). */
  day: string;
}

type ProspectRow = typeof prospects.$inferInsert;
type ActivityRow = typeof prospectActivities.$inferInsert;
type DealRow = typeof deals.$inferInsert;
type HistoryRow = typeof dealHistories.$inferInsert;
type LineRow = typeof commissionLines.$inferInsert;

const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 'YYYY-MM-DD' + `months`, the day clamped to the month's end (as deals/ledger.ts does). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** `numerator / denominator` rounded half-up (non-negative integers), as deals/ledger.ts. */
const divideHalfUp = (numerator: number, denominator: number) =>
  Math.floor((numerator * 2 + denominator) / (denominator * 2));

/** The lines a win writes (deals/ledger.ts `winLines`): shares, then instalments, remainder on the first. */
function winLines(input: {
  amountCents: number;
  ratePercent: number;
  ownerId: number;
  setterId: number | null;
  instalments: number;
  winDay: string;
}): {
  beneficiaryId: number;
  role: string;
  instalment: number;
  instalments: number;
  amountCents: number;
  dueOn: string;
}[] {
  const commission = divideHalfUp(input.amountCents * Math.round(input.ratePercent * 100), 10_000);
  const shares =
    input.setterId === null
      ? [{ beneficiaryId: input.ownerId, role: 'seller', cents: commission }]
      : [
          {
            beneficiaryId: input.setterId,
            role: 'setter',
            cents: divideHalfUp(commission * SETTER_SHARE_PERCENT, 100),
          },
          {
            beneficiaryId: input.ownerId,
            role: 'closer',
            cents: commission - divideHalfUp(commission * SETTER_SHARE_PERCENT, 100),
          },
        ];
  return shares
    .filter((share) => share.cents > 0)
    .flatMap((share) => {
      const n = Math.max(1, Math.min(input.instalments, share.cents));
      const base = Math.floor(share.cents / n);
      return Array.from({ length: n }, (_, k) => ({
        beneficiaryId: share.beneficiaryId,
        role: share.role,
        instalment: k + 1,
        instalments: n,
        amountCents: k === 0 ? share.cents - base * (n - 1) : base,
        dueOn: addMonths(input.winDay, k),
      }));
    });
}

// ── French words of a sales pipeline ─────────────────────────────────────────────────────────

const offers = [
  {
    sector: 'Immobilier',
    name: 'Investir dans l’immobilier locatif : la méthode complète',
    price: 1_997,
    rate: 20,
  },
  {
    sector: 'Vente & négociation',
    name: 'Closing high ticket : de l’appel à la signature',
    price: 2_997,
    rate: 30,
  },
  {
    sector: 'Développement personnel',
    name: 'Confiance en soi : programme de 8 semaines',
    price: 497,
    rate: 10,
  },
] as const;

const stateWeights: readonly (readonly [ProspectState | null, number])[] = [
  ['prospecting', 22],
  ['follow_up', 18],
  ['waiting_for_response', 14],
  ['no_response', 14],
  ['success', 8],
  ['not_interested', 8],
  ['rejected', 4],
  ['do_not_disturb', 2],
  [null, 10],
];
const leadStageWeights: readonly (readonly [LeadStage | null, number])[] = [
  ['qualified', 14],
  ['contact', 18],
  ['demo', 8],
  ['proposal', 8],
  ['negotiation', 6],
  ['closed', 6],
  ['lost', 5],
  [null, 35],
];
const sources = ['Instagram', 'LinkedIn', 'Facebook Ads', 'Webinaire', 'Recommandation', 'YouTube', 'TikTok'];
const budgets = ['500 €', '1 000 €', '1 500 €', '2 000 €', '3 000 €', 'À définir'];
export const prospectNotes = [
  'Intéressé par la formation, rappeler après ses congés.',
  'A déjà suivi une formation similaire, veut comparer les programmes.',
  'Demande un paiement en plusieurs fois.',
  'Très motivé, disponible en soirée uniquement.',
  'Hésite à cause du prix : proposer l’échéancier.',
  'Contact venu du webinaire de mardi.',
  'Souhaite en parler avec son conjoint avant de décider.',
  'Salarié en reconversion, financement CPF à vérifier.',
  'Préfère être contacté par WhatsApp.',
  'A posé beaucoup de questions sur l’accompagnement après la formation.',
];
const activityTitles = [
  'Rappeler',
  'Relancer par e-mail',
  'Appel de découverte',
  'Envoyer la proposition',
  'Préparer le R2',
  'Confirmer le rendez-vous',
  'Envoyer le lien de paiement',
  'Relancer sur Instagram',
  'Répondre à ses questions',
  'Point avant décision',
];
const activityNotes = [
  'Vérifier le mode de financement.',
  'Lui renvoyer le programme détaillé.',
  'Il attend le retour de son banquier.',
  'Proposer un créneau en fin de journée.',
];
const dealPrefixes = ['Vente', 'Inscription', 'Accompagnement', 'Programme'];
const lostReasons = [
  'Budget insuffisant',
  'A choisi une autre formation',
  'Ne répond plus',
  'Pas le bon moment',
  'Financement refusé',
  'Pas convaincu par le programme',
];
const dealNotes = [
  'Rendez-vous R2 calé, à confirmer la veille.',
  'Souhaite payer en trois fois.',
  'Attend l’accord de son financement.',
  'Très chaud, closing prévu cette semaine.',
];

/** Probability by open stage, in percent (before a little noise). */
const stageProbability: Record<SelectablePipelineStage, number> = {
  Prospecting: 10,
  Qualification: 25,
  Closing: 40,
  Role: 55,
  Onboarding: 70,
  FollowUp: 80,
};

/** Final stages: ~50 % open over the six open stages, ~35 % won, ~15 % lost. */
const finalStageWeights: readonly (readonly [PipelineStage, number])[] = [
  ['Prospecting', 12],
  ['Qualification', 10],
  ['Closing', 9],
  ['Role', 8],
  ['Onboarding', 6],
  ['FollowUp', 5],
  ['Closed', 35],
  ['Lost', 15],
];
const ROLE_INDEX = selectablePipelineStages.indexOf('Role');
/** Handed off at R2: ~20 % of all deals, among those whose path went through R2. */
const HANDOFF_SHARE = 0.2;

/** The open stages a deal went through, in order, from `start` to `last`, at most `max` of them. */
function pathOf(rng: Random, start: number, last: number, max: number, keep: number | null): number[] {
  const middle: number[] = [];
  for (let i = start + 1; i < last; i++) middle.push(i);
  // Some deals skip stages; keep R2 when the deal was handed off there.
  let kept = middle.filter((i) => i === keep || rng.chance(0.6));
  while (kept.length + 2 > max) {
    const droppable = kept.filter((i) => i !== keep);
    if (droppable.length === 0) break;
    const drop = rng.pick(droppable);
    kept = kept.filter((i) => i !== drop);
  }
  return start === last ? [start] : [start, ...kept, last];
}

/** One seller's CRM book: what bookOf draws in memory and insertBooks writes. */
export interface BookContext {
  rng: Random;
  /** Start of the UTC day the dates are spread around. */
  anchor: number;
  /** Owner of the prospects and activities, of the deals not handed off, and setter of those handed off. */
  ownerId: number;
  /** Closers a deal may be handed off to at R2 (none: no handoff). */
  closers: readonly number[];
  /** Share of all deals handed off (~0.2 for a setter). */
  handoffShare: number;
  services: readonly CrmService[];
  /** Relative weight of each offer among the deals. */
  serviceWeights: readonly number[];
  size: { prospects: number; deals: number; activities: number };
}

export interface Book {
  prospects: (ProspectRow & { createdAt: Date })[];
  /** `prospectId` holds the prospect's index in `prospects` until insertBooks. */
  activities: ActivityRow[];
  /** Prospect index → due time of its earliest open activity (ms). */
  earliestOpen: Map<number, number>;
  /** `prospectId` holds the prospect's index in `prospects` until insertBooks. */
  deals: DealRow[];
  histories: Omit<HistoryRow, 'dealId'>[][];
  lines: Omit<LineRow, 'dealId'>[][];
  counts: {
    openDeals: number;
    wonDeals: number;
    lostDeals: number;
    handedOff: number;
    histories: number;
    commissionLines: number;
  };
}

/**
 * Draws one seller's prospects, deals (with their history and commission lines) and activities in
 * memory: see the header for their shape.
 */
export function bookOf(ctx: BookContext): Book {
  const { rng, anchor, size } = ctx;
  const setterId = ctx.ownerId;
  const between = (from: number, to: number) => from + Math.floor(rng.next() * Math.max(0, to - from));
  // ── prospects ─────────────────────────────────────────────────────────────────────────────
  const prospectRows: (ProspectRow & { createdAt: Date })[] = [];
  for (let i = 0; i < size.prospects; i++) {
    const firstName = rng.pick(firstNames);
    const lastName = rng.chance(0.92) ? rng.pick(lastNames) : null;
    const createdAt = new Date(between(anchor - 420 * DAY, anchor - 2 * HOUR));
    const customFields: Record<string, string> = {};
    if (rng.chance(0.5)) customFields.Source = rng.pick(sources);
    if (rng.chance(0.2)) customFields.Budget = rng.pick(budgets);
    const handle = `${slug(firstName)}-${slug(lastName ?? 'contact')}-${i}`;
    prospectRows.push({
      ownerId: setterId,
      firstName,
      lastName,
      email: rng.chance(0.85)
        ? `${slug(firstName)}.${slug(lastName ?? 'contact')}.${i}@clients.exemple.fr`
        : null,
      phone: rng.chance(0.7)
        ? `0${rng.pick([6, 7])} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')} ${String(rng.int(0, 99)).padStart(2, '0')}`
        : null,
      observations: rng.chance(0.3) ? rng.pick(prospectNotes) : null,
      contactLinks: rng.chance(0.35)
        ? [
            rng.chance(0.5)
              ? `https://www.linkedin.com/in/${handle}`
              : `https://www.instagram.com/${handle.replace(/-/g, '.')}`,
          ]
        : [],
      customFields,
      state: rng.weighted(stateWeights),
      leadStage: rng.weighted(leadStageWeights),
      // A date the user set, for some prospects without open activity (replaced below otherwise).
      nextActivityAt: rng.chance(0.08) ? new Date(between(anchor - 30 * DAY, anchor + 30 * DAY)) : null,
      createdAt,
      updatedAt: new Date(between(createdAt.getTime(), anchor)),
    });
  }
  // ── deals, their history and commission lines (in memory first: a deal may move its prospect's creation back)
  const dealRows: DealRow[] = [];
  const histories: Omit<HistoryRow, 'dealId'>[][] = [];
  const lines: Omit<LineRow, 'dealId'>[][] = [];
  const counts = {
    openDeals: 0,
    wonDeals: 0,
    lostDeals: 0,
    handedOff: 0,
    histories: 0,
    commissionLines: 0,
  };
  // P(handoff | the deal went through R2) so that ~20 % of all deals are handed off.
  const throughR2 =
    finalStageWeights
      .filter(
        ([s]) => s === 'Closed' || s === 'Lost' || selectablePipelineStages.indexOf(s as never) >= ROLE_INDEX,
      )
      .reduce((n, [, w]) => n + w, 0) / 100;
  const handoffChance = ctx.closers.length === 0 ? 0 : Math.min(1, ctx.handoffShare / throughR2);

  for (let i = 0; i < size.deals; i++) {
    const p = rng.int(0, size.prospects - 1);
    const prospect = prospectRows[p]!;
    const service = rng.weighted(ctx.services.map((s, k) => [s, ctx.serviceWeights[k] ?? 1] as const));
    const final = rng.weighted(finalStageWeights);
    const closed = final === 'Closed' || final === 'Lost';
    const finalOpen = closed ? -1 : selectablePipelineStages.indexOf(final as SelectablePipelineStage);
    const handedOff = (closed || finalOpen >= ROLE_INDEX) && rng.chance(handoffChance);
    const closerId = !handedOff
      ? setterId
      : ctx.closers.length === 1
        ? ctx.closers[0]!
        : rng.pick(ctx.closers);
    // The last open stage: the final one, or the one the deal was won or lost from.
    const last = closed
      ? handedOff
        ? rng.int(ROLE_INDEX, 5)
        : final === 'Closed'
          ? rng.weighted([
              [1, 5],
              [2, 20],
              [3, 30],
              [4, 25],
              [5, 20],
            ])
          : rng.int(0, 5)
      : finalOpen;
    const start = last > 0 && rng.chance(0.2) ? 1 : 0;
    // 2–5 history rows: the creation and each move (closing included), and the handoff.
    const path = pathOf(
      rng,
      start,
      last,
      (closed ? 4 : 5) - (handedOff ? 1 : 0),
      handedOff ? ROLE_INDEX : null,
    );
    const stages: PipelineStage[] = path.map((k) => selectablePipelineStages[k]!);
    if (closed) stages.push(final);

    // Each move 1–21 days after the previous one. A closed deal was created over the last 12
    // months minus its whole course (so that deals close evenly over the year); an open deal over
    // the last 12 months, its course squeezed into the time left when it was created lately.
    const gaps = Array.from(
      { length: stages.length - 1 },
      () => rng.int(1, 21) * DAY + rng.int(0, 23) * HOUR,
    );
    const course = gaps.reduce((a, b) => a + b, 0);
    const createdAt = between(anchor - 365 * DAY, anchor - HOUR - (closed ? course : 0));
    const squeeze = Math.min(1, (anchor - HOUR - createdAt) / Math.max(1, course));
    const times = [createdAt];
    for (const gap of gaps) times.push(times.at(-1)! + Math.floor(gap * squeeze));
    // A prospect is created before its first deal.
    if (prospect.createdAt.getTime() > createdAt) {
      prospect.createdAt = new Date(createdAt - rng.int(0, 14 * 24) * HOUR);
    }
    const stageChangedAt = times.at(-1)!;
    // Handed off while at R2: after the move to R2, before the next move.
    const atRole = stages.indexOf('Role');
    const handoffAt = handedOff ? between(times[atRole]!, times[atRole + 1] ?? anchor) : null;
    const byWhom = (t: number) => (handoffAt !== null && t > handoffAt ? closerId : setterId);

    let probability: number | null = rng.chance(0.1)
      ? null
      : Math.max(1, Math.min(99, stageProbability[selectablePipelineStages[last]!] + rng.int(-10, 10)));
    const history: Omit<HistoryRow, 'dealId'>[] = stages.map((stage, k) => ({
      userId: byWhom(times[k]!),
      field: 'status',
      fromValue: k === 0 ? null : stages[k - 1]!,
      toValue: stage,
      note: k > 0 && rng.chance(0.15) ? rng.pick(dealNotes) : null,
      createdAt: new Date(times[k]!),
    }));
    if (handoffAt !== null) {
      history.push({
        userId: setterId,
        field: 'owner',
        fromValue: String(setterId),
        toValue: String(closerId),
        note: rng.chance(0.5) ? 'Prospect chaud, R2 calé : à toi de conclure !' : null,
        createdAt: new Date(handoffAt),
      });
    }
    if (history.length < 2) {
      // A deal that never moved: its probability was re-estimated once.
      const before = probability;
      probability = Math.max(1, Math.min(99, (before ?? 10) + rng.pick([-5, 5, 10])));
      history.push({
        userId: setterId,
        field: 'probability',
        fromValue: before === null ? null : String(before),
        toValue: String(probability),
        note: null,
        createdAt: new Date(between(createdAt + HOUR, anchor)),
      });
    }
    history.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());

    const ownerId = handedOff ? closerId : setterId;
    const deal: DealRow = {
      title:
        `${rng.pick(dealPrefixes)} ${service.name.split(' :')[0]} — ${prospect.firstName}${prospect.lastName ? ` ${prospect.lastName}` : ''}`.slice(
          0,
          100,
        ),
      observations: rng.chance(0.2) ? rng.pick(dealNotes) : null,
      status: final,
      expectedCloseDate: rng.chance(0.92)
        ? dateOnly(closed ? stageChangedAt + rng.int(-20, 10) * DAY : anchor + rng.int(-182, 182) * DAY)
        : null,
      probability: final === 'Closed' ? 100 : probability,
      prospectId: p, // the prospect's index until its id is known
      ownerId,
      setterId: handedOff ? setterId : null,
      serviceId: service.id,
      missionId: service.missionId,
      stageChangedAt: new Date(stageChangedAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(Math.max(stageChangedAt, handoffAt ?? 0)),
    };

    const dealLines: Omit<LineRow, 'dealId'>[] = [];
    if (final === 'Closed') {
      counts.wonDeals++;
      const amountCents = rng.chance(0.8)
        ? service.price * 100
        : Math.round(service.price * rng.float(0.7, 0.95)) * 100;
      const winDay = dateOnly(stageChangedAt);
      const refunded = rng.chance(0.03) ? Math.min(anchor, stageChangedAt + rng.int(2, 30) * DAY) : null;
      Object.assign(deal, {
        amountCents,
        closedAt: new Date(stageChangedAt),
        refundedAt: refunded === null ? null : new Date(refunded),
      });
      const drafts = winLines({
        amountCents,
        ratePercent: service.commissionRate,
        ownerId,
        setterId: handedOff ? setterId : null,
        instalments: rng.weighted([
          [1, 55],
          [2, 25],
          [3, 20],
        ]),
        winDay,
      });
      for (const line of drafts) {
        const due = Date.parse(`${line.dueOn}T00:00:00Z`);
        const paidAt =
          due <= anchor && (refunded === null || due < refunded) && rng.chance(0.7)
            ? Math.min(anchor, due + rng.int(0, 15) * DAY + rng.int(8, 18) * HOUR)
            : null;
        const base = {
          ...line,
          payerId: service.infopreneurId,
          serviceId: service.id,
          createdAt: new Date(stageChangedAt),
        };
        if (refunded !== null && paidAt === null) {
          dealLines.push({
            ...base,
            status: 'clawed_back',
            clawedBackAt: new Date(refunded),
            updatedAt: new Date(refunded),
          });
        } else {
          dealLines.push({
            ...base,
            status: paidAt === null ? 'pending' : 'paid',
            paidAt: paidAt === null ? null : new Date(paidAt),
            updatedAt: new Date(paidAt ?? stageChangedAt),
          });
          if (refunded !== null) {
            dealLines.push({
              ...base,
              amountCents: -line.amountCents,
              dueOn: dateOnly(refunded),
              status: 'clawed_back',
              clawedBackAt: new Date(refunded),
              createdAt: new Date(refunded),
              updatedAt: new Date(refunded),
            });
          }
        }
      }
    } else if (final === 'Lost') {
      counts.lostDeals++;
      Object.assign(deal, { lostReason: rng.pick(lostReasons), closedAt: new Date(stageChangedAt) });
      history.at(-1)!.note ??= deal.lostReason as string;
    } else {
      counts.openDeals++;
    }
    if (handedOff) counts.handedOff++;
    counts.histories += history.length;
    counts.commissionLines += dealLines.length;
    dealRows.push(deal);
    histories.push(history);
    lines.push(dealLines);
  }
  // ── activities ────────────────────────────────────────────────────────────────────────────
  const activityRows: ActivityRow[] = [];
  const earliestOpen = new Map<number, number>();
  for (let i = 0; i < size.activities; i++) {
    const p = rng.int(0, size.prospects - 1);
    const prospectCreated = prospectRows[p]!.createdAt.getTime();
    const isDone = rng.chance(0.4);
    let dueAt: number;
    if (isDone) {
      dueAt = between(Math.max(prospectCreated, anchor - 365 * DAY), anchor);
    } else {
      dueAt = rng.weighted<() => number>([
        [() => between(Math.max(prospectCreated, anchor - 60 * DAY), anchor), 30], // overdue
        [() => anchor + rng.int(7, 19) * HOUR + rng.int(0, 59) * 60_000, 10], // today
        [() => between(anchor + DAY, anchor + 7 * DAY), 20], // within the week
        [() => between(anchor + 7 * DAY, anchor + 90 * DAY), 40], // later
      ])();
      const earliest = earliestOpen.get(p);
      if (earliest === undefined || dueAt < earliest) earliestOpen.set(p, dueAt);
    }
    const createdAt = Math.min(dueAt, between(Math.max(prospectCreated, dueAt - 20 * DAY), dueAt));
    const doneAt = isDone ? Math.min(anchor, dueAt + rng.int(-2, 48) * HOUR) : null;
    activityRows.push({
      prospectId: p, // the prospect's index until its id is known
      userId: setterId,
      title: rng.pick(activityTitles),
      notes: rng.chance(0.3) ? rng.pick(activityNotes) : null,
      dueAt: new Date(dueAt),
      priority: rng.weighted([
        ['low', 25],
        ['medium', 50],
        ['high', 25],
      ] as const),
      doneAt: doneAt === null ? null : new Date(doneAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(doneAt ?? createdAt),
    });
  }
  return {
    prospects: prospectRows,
    activities: activityRows,
    earliestOpen,
    deals: dealRows,
    histories,
    lines,
    counts,
  };
}

/** Ids of a book's rows once inserted, in the book's order. */
export interface BookIds {
  prospectIds: number[];
  dealIds: number[];
}

/**
 * Inserts books (at most BATCH rows per INSERT, table by table over all books): prospects,
 * activities (and each prospect's `nextActivityAt` on its earliest open one, as the server keeps it),
 * deals, their history and commission lines. Answers the ids per book.
 */
export async function insertBooks(
  tx: Tx,
  books: readonly Book[],
  done: (what: string) => void = () => {},
): Promise<BookIds[]> {
  const n = (value: number) => value.toLocaleString('en-US');
  const sum = (f: (b: Book) => number) => books.reduce((total, b) => total + f(b), 0);
  const allProspectIds: number[] = [];
  await insertBatches(
    'prospects',
    books.flatMap((b) => b.prospects),
    async (batch) => {
      // A pass per batch keeps the order: ids come back in insertion order.
      const inserted = await tx.insert(prospects).values(batch).returning({ id: prospects.id });
      for (const r of inserted) allProspectIds.push(r.id);
    },
  );
  const ids: BookIds[] = [];
  let offset = 0;
  for (const b of books) {
    ids.push({ prospectIds: allProspectIds.slice(offset, offset + b.prospects.length), dealIds: [] });
    offset += b.prospects.length;
  }
  done(`${n(allProspectIds.length)} prospects`);

  await insertBatches(
    'prospect_activities',
    books.flatMap((b, k) =>
      b.activities.map((a) => ({ ...a, prospectId: ids[k]!.prospectIds[a.prospectId]! })),
    ),
    (batch) => tx.insert(prospectActivities).values(batch),
  );
  // The server keeps nextActivityAt on the earliest open activity.
  const nextUpdates = books.flatMap((b, k) =>
    [...b.earliestOpen].map(([p, due]) => [ids[k]!.prospectIds[p]!, new Date(due).toISOString()] as const),
  );
  for (let i = 0; i < nextUpdates.length; i += 2_000) {
    const batch = nextUpdates.slice(i, i + 2_000);
    await tx.execute(
      `update prospects p set next_activity_at = v.due::timestamptz from (values ${batch
        .map(([id, due]) => `(${id}, '${due}')`)
        .join(', ')}) as v(id, due) where p.id = v.id`,
    );
  }
  done(`${n(sum((b) => b.activities.length))} activities`);

  const allDealIds: number[] = [];
  await insertBatches(
    'deals',
    books.flatMap((b, k) => b.deals.map((d) => ({ ...d, prospectId: ids[k]!.prospectIds[d.prospectId]! }))),
    async (batch) => {
      const inserted = await tx.insert(deals).values(batch).returning({ id: deals.id });
      for (const r of inserted) allDealIds.push(r.id);
    },
  );
  offset = 0;
  for (const [k, b] of books.entries()) {
    ids[k]!.dealIds = allDealIds.slice(offset, offset + b.deals.length);
    offset += b.deals.length;
  }
  done(`${n(allDealIds.length)} deals`);
  await insertBatches(
    'deal_histories',
    books.flatMap((b, k) =>
      b.histories.flatMap((rows, d) => rows.map((row) => ({ ...row, dealId: ids[k]!.dealIds[d]! }))),
    ),
    (batch) => tx.insert(dealHistories).values(batch),
  );
  done(`${n(sum((b) => b.counts.histories))} deal history rows`);
  await insertBatches(
    'commission_lines',
    books.flatMap((b, k) =>
      b.lines.flatMap((rows, d) => rows.map((row) => ({ ...row, dealId: ids[k]!.dealIds[d]! }))),
    ),
    (batch) => tx.insert(commissionLines).values(batch),
  );
  done(`${n(sum((b) => b.counts.commissionLines))} commission lines`);
  return ids;
}

export async function generateCrm(database: Database, options: CrmGenerateOptions = {}): Promise<Crm> {
  const started = performance.now();
  const scale = options.scale ?? 1;
  const log = options.log ?? (() => {});
  const rng = new Random(options.seed ?? 8);
  const now = options.now ?? new Date();
  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const today = dateOnly(anchor);
  const size = {
    prospects: Math.max(50, Math.round(CRM_FULL_SIZE.prospects * scale)),
    deals: Math.max(100, Math.round(CRM_FULL_SIZE.deals * scale)),
    activities: Math.max(25, Math.round(CRM_FULL_SIZE.activities * scale)),
  };

  const sectors = await database.rows<{ id: number; name: string }>(
    'select id, name from work_sectors where approved order by id',
  );
  const skillNames = (
    await database.rows<{ name: string }>('select name from skills where is_validated order by id')
  ).map((r) => r.name);
  if (sectors.length === 0) {
    throw new Error('generate: no work sectors: the database must be migrated and seeded first');
  }
  const [taken] = await database.rows<{ n: number }>(
    `select count(*)::int as n from users where email in ('${Object.values(CRM_ACCOUNTS).join("', '")}')`,
  );
  if ((taken?.n ?? 0) > 0) throw new Error('generate: this database already holds a generated CRM');
  const sectorId = (name: string) => sectors.find((s) => s.name === name)?.id ?? sectors[0]!.id;

  const insertStarted = performance.now();
  let step = insertStarted;
  const done = (what: string) => {
    const t = performance.now();
    log(`${what} in ${((t - step) / 1000).toFixed(1)} s`);
    step = t;
  };

  const result = await database.db.transaction(async (tx: Tx) => {
    // ── the three accounts ────────────────────────────────────────────────────────────────────
    const joined = anchor - 500 * DAY;
    const accounts = [
      { firstName: 'Hélène', lastName: 'Bench', email: CRM_ACCOUNTS.infopreneur, role: 'infopreneur' },
      { firstName: 'Sébastien', lastName: 'Bench', email: CRM_ACCOUNTS.setter, role: 'setter' },
      { firstName: 'Clémence', lastName: 'Bench', email: CRM_ACCOUNTS.closer, role: 'closer' },
    ];
    const ids = await insertUsers(
      tx,
      accounts.map((a) => ({
        ...a,
        passwordHash: BENCH_HASH,
        emailVerifiedAt: new Date(joined),
        location: rng.weighted(cities),
        lastSeenAt: new Date(anchor - HOUR),
        createdAt: new Date(joined),
        updatedAt: new Date(joined),
      })),
    );
    const infopreneurId = ids.get(CRM_ACCOUNTS.infopreneur)!;
    const setterId = ids.get(CRM_ACCOUNTS.setter)!;
    const closerId = ids.get(CRM_ACCOUNTS.closer)!;
    // 10,000 prospects each and team pipelines: beyond Gratuit (402), so they pay for Équipe.
    await insertSubscriptions(tx, [infopreneurId, setterId, closerId], 'equipe', anchor);
    const skills = (wanted: string[]) => {
      const known = wanted.filter((s) => skillNames.includes(s));
      return known.length > 0 ? known : skillNames.slice(0, 3);
    };
    await tx.insert(profiles).values([
      {
        userId: infopreneurId,
        kind: 'infopreneur',
        finishedProfileSetup: true,
        workSectorIds: offers.map((o) => sectorId(o.sector)),
        description: 'Formatrice depuis dix ans : immobilier, vente et développement personnel.',
        createdAt: new Date(joined),
        updatedAt: new Date(joined),
      },
      {
        userId: setterId,
        kind: 'setter',
        finishedProfileSetup: true,
        onboardingStep: 'done',
        workSectorIds: offers.map((o) => sectorId(o.sector)),
        description: 'Setter depuis 4 ans, spécialisé en immobilier et développement personnel.',
        conversionRate: 4.5,
        experience: dateOnly(anchor - 4 * 365 * DAY),
        skills: skills(['Setting Instagram', 'Prise de rendez-vous', 'Qualification de leads']),
        createdAt: new Date(joined),
        updatedAt: new Date(joined),
      },
      {
        userId: closerId,
        kind: 'closer',
        finishedProfileSetup: true,
        onboardingStep: 'done',
        workSectorIds: offers.map((o) => sectorId(o.sector)),
        description: 'Closer high ticket depuis 6 ans : appels de vente et gestion des objections.',
        conversionRate: 6.1,
        experience: dateOnly(anchor - 6 * 365 * DAY),
        skills: skills(['Closing téléphonique', 'Gestion des objections', 'Vente consultative']),
        createdAt: new Date(joined),
        updatedAt: new Date(joined),
      },
    ]);

    // ── offers, missions, accepted applications ───────────────────────────────────────────────
    const offerCreated = new Date(anchor - 450 * DAY);
    const serviceRows = await tx
      .insert(services)
      .values(
        offers.map((o, i) => ({
          infopreneurId,
          name: o.name,
          description: `Une formation en ligne pour passer à l’action : ${o.name.toLowerCase()}. Accompagnement en groupe et support à vie.`,
          price: o.price,
          commissionRate: o.rate,
          financingMethods: i === 2 ? ['cash', 'cpf'] : ['cash', 'online'],
          link: `https://www.${slug(o.sector)}-academie.fr/bench-crm-${i}`,
          duration: 20 + i * 10,
          locationType: 'online',
          certifications: i === 2 ? ['qualiopi'] : [],
          workSectorIds: [sectorId(o.sector)],
          status: 'active',
          validationStatus: 'approved',
          reviewedAt: offerCreated,
          createdAt: offerCreated,
          updatedAt: offerCreated,
        })),
      )
      .returning({ id: services.id, name: services.name });
    const missionRows = await tx
      .insert(missions)
      .values(
        serviceRows.map((s, i) => ({
          infopreneurId,
          serviceId: s.id,
          title: `Setter et closer pour « ${offers[i]!.name} »`.slice(0, 100),
          description: 'Vous qualifiez les prospects, menez les appels de découverte et concluez au R2.',
          missionType: 'setter_closer',
          ticket: offers[i]!.price,
          status: 'published',
          missionStatus: 'open',
          publishedAt: offerCreated,
          createdAt: offerCreated,
          updatedAt: offerCreated,
        })),
      )
      .returning({ id: missions.id, serviceId: missions.serviceId });
    const decided = new Date(anchor - 420 * DAY);
    await tx.insert(applications).values(
      missionRows.flatMap((m) =>
        [setterId, closerId].map((userId) => ({
          missionId: m.id,
          userId,
          message: 'Bonjour, votre offre correspond exactement à mon expérience.',
          status: 'accepted',
          decidedAt: decided,
          createdAt: new Date(decided.getTime() - 2 * DAY),
          updatedAt: decided,
        })),
      ),
    );
    const crmServices: CrmService[] = serviceRows.map((s, i) => ({
      id: s.id,
      infopreneurId,
      name: s.name,
      price: offers[i]!.price,
      commissionRate: offers[i]!.rate,
      missionId: missionRows.find((m) => m.serviceId === s.id)!.id,
    }));
    done('3 accounts, 3 offers, 3 missions, 6 accepted applications');

    const book = bookOf({
      rng,
      anchor,
      ownerId: setterId,
      closers: [closerId],
      handoffShare: HANDOFF_SHARE,
      services: crmServices,
      serviceWeights: [3, 2, 4],
      size,
    });
    await insertBooks(tx, [book], done);
    return { infopreneurId, setterId, closerId, crmServices, counts: book.counts };
  });
  const insertMs = performance.now() - insertStarted;

  const vacuumStarted = performance.now();
  await database.rows('vacuum analyze');
  if (database.kind === 'pglite') await database.rows('checkpoint');
  const vacuumMs = performance.now() - vacuumStarted;
  log(`vacuum analyze in ${(vacuumMs / 1000).toFixed(1)} s`);

  return {
    counts: { ...size, ...result.counts },
    timings: { totalMs: performance.now() - started, insertMs, vacuumMs },
    password: BENCH_PASSWORD,
    infopreneur: { id: result.infopreneurId, email: CRM_ACCOUNTS.infopreneur },
    setter: { id: result.setterId, email: CRM_ACCOUNTS.setter },
    closer: { id: result.closerId, email: CRM_ACCOUNTS.closer },
    services: result.crmServices,
    day: today,
  };
}
