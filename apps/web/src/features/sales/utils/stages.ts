import {
  type Deal,
  isOpenStage,
  type PipelineStage,
  pipelineStageLabels,
  type SelectablePipelineStage,
  selectablePipelineStages,
} from '@closia/shared';

/*
 * The pipeline's stages as the sales pages show them: in the spec's order, R2 for the stored `Role`
 * (which of them the viewer may move a deal to is `dealMoveTargets` in @closia/shared).
 */

/** The six open stages, in order (the kanban's columns, the stage picker's choices). */
export const openStages: readonly SelectablePipelineStage[] = selectablePipelineStages;

/** French label of a stage: "Prospection", "R2" (stored `Role`), "Gagné"… */
export function stageLabel(stage: PipelineStage): string {
  return pipelineStageLabels[stage];
}

/** The deals of each open stage, in the pipeline's order (closed deals are left out). */
export function groupByStage<T extends Pick<Deal, 'status'>>(deals: readonly T[]) {
  const groups = new Map<SelectablePipelineStage, T[]>(openStages.map((stage) => [stage, []]));
  for (const deal of deals) {
    if (isOpenStage(deal.status)) groups.get(deal.status)?.push(deal);
  }
  return groups;
}

/** Badge colour of a stage. */
export const stageColors: Record<PipelineStage, string> = {
  Prospecting: 'gray',
  Qualification: 'blue',
  Closing: 'violet',
  Role: 'orange',
  Onboarding: 'cyan',
  FollowUp: 'teal',
  Closed: 'green',
  Lost: 'red',
};
