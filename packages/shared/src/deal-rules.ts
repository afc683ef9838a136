/**
 * Rules on deals that the server (when it authorises a change, wins or loses) and the web app (when
 * it shows a deal and offers its actions) both follow, written once.
 */
import { type PipelineStage, type SelectablePipelineStage, selectablePipelineStages } from './enums';

/** A won deal is certain… */
export const WON_PROBABILITY = 100;
/** …and a lost one has no chance left. */
export const LOST_PROBABILITY = 0;

/**
 * A deal's probability of winning, in percent: 100 once won (Closed), 0 once lost, otherwise the
 * seller's estimate (null: not estimated). Whatever an older row stored, a closed deal reads this.
 */
export function dealProbability(status: PipelineStage | string, probability: number | null): number | null {
  if (status === 'Closed') return WON_PROBABILITY;
  if (status === 'Lost') return LOST_PROBABILITY;
  return probability;
}

/** The open stages up to R2: where a setter still works a deal handed to a closer. */
export const setterStages: readonly SelectablePipelineStage[] = [
  'Prospecting',
  'Qualification',
  'Closing',
  'Role',
];

/** One of the six open stages (not won, not lost). */
export function isOpenStage(stage: PipelineStage | string): stage is SelectablePipelineStage {
  return (selectablePipelineStages as readonly string[]).includes(stage);
}

/** A stage the deal's setter may move it to, or edit it at. */
export function isSetterStage(stage: PipelineStage | string): stage is SelectablePipelineStage {
  return (setterStages as readonly string[]).includes(stage);
}

/**
 * What a viewer may do to a deal. `edit`: its fields and notes; `move`: to another open stage;
 * `win`, `lose`, `reopen`, `refund`, `handOff` (to a closer, at R2), `delete`; `chooseTeam`: put it
 * on one of its owner's teams' shared pipelines (or take it off).
 */
export const dealActions = [
  'edit',
  'move',
  'win',
  'lose',
  'reopen',
  'refund',
  'handOff',
  'delete',
  'chooseTeam',
] as const;
export type DealAction = (typeof dealActions)[number];

/**
 * What the rules read of a deal, as the API answers it (`Deal`): who the viewer is to it
 * (`viewerRole`: owner, setter, a member of its team, or the offer's infopreneur), its stage, whether
 * it was refunded and whose offer it sells.
 */
export interface DealSubject {
  viewerRole: 'owner' | 'setter' | 'infopreneur' | 'team';
  status: PipelineStage | string;
  refundedAt: string | Date | null;
  service: { infopreneurId: number } | null;
}

/**
 * Why the viewer may not do `action`: who they are to the deal (`who`: the server answers 403) or
 * where the deal is (`when`: 409); null when they may.
 *
 * Who: its owner does everything; its setter edits and moves it while it is at or before R2 (and
 * only to those stages, `isSetterStage`); a member of its team edits and moves it while it is open;
 * a refund is declared by its owner or by the offer's infopreneur (who pays the customer back), who
 * may also see it as a member of its team (`viewerId`, the server's case; the role shown first is
 * `team`). The infopreneur otherwise follows it read-only.
 * When: a deal moves, is won or lost while open; reopens once won or lost, unless refunded; is
 * refunded once won, once; is handed off at R2.
 */
export function dealRefusal(deal: DealSubject, action: DealAction, viewerId?: number): 'who' | 'when' | null {
  if (!dealActorMay(deal, action, viewerId)) return 'who';
  return dealStateAllows(deal, action) ? null : 'when';
}

/** Whether the viewer may do `action` to the deal now (`dealRefusal` says why not). */
export function dealCan(deal: DealSubject, action: DealAction, viewerId?: number): boolean {
  return dealRefusal(deal, action, viewerId) === null;
}

/** The open stages the viewer may move the deal to, its own stage excluded (none when it may not move). */
export function dealMoveTargets(deal: DealSubject): SelectablePipelineStage[] {
  if (!dealCan(deal, 'move')) return [];
  const allowed = deal.viewerRole === 'setter' ? setterStages : selectablePipelineStages;
  return allowed.filter((stage) => stage !== deal.status);
}

/** Whether the viewer may take the deal to `stage` (a setter up to R2 only). */
export function dealMayReach(deal: Pick<DealSubject, 'viewerRole'>, stage: PipelineStage | string): boolean {
  return deal.viewerRole !== 'setter' || isSetterStage(stage);
}

function dealActorMay(deal: DealSubject, action: DealAction, viewerId: number | undefined): boolean {
  const role = deal.viewerRole;
  if (role === 'owner') return true;
  switch (action) {
    case 'edit':
    case 'move':
      if (role === 'team') return isOpenStage(deal.status);
      return role === 'setter' && isSetterStage(deal.status);
    case 'refund':
      return (
        role === 'infopreneur' ||
        (role === 'team' && viewerId !== undefined && deal.service?.infopreneurId === viewerId)
      );
    default:
      return false;
  }
}

function dealStateAllows(deal: DealSubject, action: DealAction): boolean {
  switch (action) {
    case 'move':
    case 'win':
    case 'lose':
      return isOpenStage(deal.status);
    case 'reopen':
      return !isOpenStage(deal.status) && !deal.refundedAt;
    case 'refund':
      return deal.status === 'Closed' && !deal.refundedAt;
    case 'handOff':
      return deal.status === 'Role';
    default:
      return true;
  }
}

/** A pipeline stage's figures (or the whole pipeline's), in cents. */
export interface PipelineFigures {
  count: number;
  sumCents: number;
  weightedCents: number;
}

/**
 * The pipeline's totals: the sum of its stages. The server answers them; the board recomputes
 * them the same way after a drag, before the server's answer.
 */
export function pipelineTotals(stages: readonly PipelineFigures[]): PipelineFigures {
  return stages.reduce(
    (sum, stage) => ({
      count: sum.count + stage.count,
      sumCents: sum.sumCents + stage.sumCents,
      weightedCents: sum.weightedCents + stage.weightedCents,
    }),
    { count: 0, sumCents: 0, weightedCents: 0 },
  );
}
