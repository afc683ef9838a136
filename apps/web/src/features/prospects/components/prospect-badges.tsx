import {
  type LeadStage,
  leadStageLabels,
  type PipelineStage,
  type Priority,
  type ProspectState,
  pipelineStageLabels,
  priorityLabels,
  prospectStateLabels,
} from '@closia/shared';
import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';

type Props = Omit<BadgeProps, 'children' | 'color'>;

export const prospectStateColors: Record<ProspectState, string> = {
  do_not_disturb: 'red',
  follow_up: 'blue',
  no_response: 'gray',
  not_interested: 'orange',
  prospecting: 'cyan',
  rejected: 'pink',
  success: 'green',
  waiting_for_response: 'yellow',
};

/** The contact status (spec §4 labels). */
export function ProspectStateBadge({ state, ...props }: { state: ProspectState } & Props) {
  return (
    <Badge variant="light" color={prospectStateColors[state]} tt="none" miw="max-content" {...props}>
      {prospectStateLabels[state]}
    </Badge>
  );
}

export const leadStageColors: Record<LeadStage, string> = {
  qualified: 'teal',
  contact: 'blue',
  demo: 'indigo',
  proposal: 'violet',
  negotiation: 'grape',
  closed: 'green',
  lost: 'gray',
};

/** The qualification (lead stage). */
export function LeadStageBadge({ stage, ...props }: { stage: LeadStage } & Props) {
  return (
    <Badge variant="dot" color={leadStageColors[stage]} tt="none" miw="max-content" {...props}>
      {leadStageLabels[stage]}
    </Badge>
  );
}

const priorityColors: Record<Priority, string> = { low: 'gray', medium: 'yellow', high: 'red' };

/** An activity's priority: "Élevé" (read "Priorité : Élevé"). */
export function PriorityBadge({ priority, ...props }: { priority: Priority } & Props) {
  return (
    <Badge variant="light" color={priorityColors[priority]} tt="none" miw="max-content" {...props}>
      <VisuallyHidden>Priorité : </VisuallyHidden>
      {priorityLabels[priority]}
    </Badge>
  );
}

const stageColors: Record<PipelineStage, string> = {
  Prospecting: 'cyan',
  Qualification: 'blue',
  Closing: 'violet',
  Role: 'indigo',
  Onboarding: 'teal',
  FollowUp: 'yellow',
  Closed: 'green',
  Lost: 'gray',
};

/** A deal's pipeline stage (R2 stored as `Role`). */
export function PipelineStageBadge({ stage, ...props }: { stage: PipelineStage } & Props) {
  return (
    <Badge variant="light" color={stageColors[stage]} tt="none" miw="max-content" {...props}>
      {pipelineStageLabels[stage]}
    </Badge>
  );
}
