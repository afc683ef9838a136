import type { PipelineStage } from '@closia/shared';
import { Badge, type BadgeProps } from '@mantine/core';
import { stageColors, stageLabel } from '../utils/stages';

/** A deal's stage as a coloured badge ("R2" for the stored `Role`). */
export function StageBadge({ stage, ...props }: { stage: PipelineStage } & BadgeProps) {
  return (
    <Badge color={stageColors[stage]} variant="light" {...props}>
      {stageLabel(stage)}
    </Badge>
  );
}
