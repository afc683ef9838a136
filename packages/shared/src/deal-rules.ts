/**
 * Rules on deals that the server (when winning or losing) and the web app (when showing a deal)
 * both follow, written once.
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
