import type { Deal, Pipeline, PipelineStageSummary, SelectablePipelineStage } from '@closia/shared';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { countText, formatCents } from '../utils/format';
import { groupByStage, movableStages, openStages, stageLabel } from '../utils/stages';
import type { DealDialog } from './deal-actions-menu';
import { DEAL_DRAG_TYPE, DealCard } from './deal-card';

const COLUMN_WIDTH = 272;

function ColumnHeader({
  stage,
  summary,
  headingId,
}: {
  stage: SelectablePipelineStage;
  summary: PipelineStageSummary | undefined;
  headingId: string;
}) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={2} size="h5" id={headingId}>
          {stageLabel(stage)}
        </Title>
        <Badge variant="filled" color="gray" size="sm" aria-label={countText(summary?.count ?? 0, 'vente')}>
          {summary?.count ?? 0}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        Total {formatCents(summary?.sumCents ?? 0)}
      </Text>
      <Text size="xs" c="dimmed">
        Pondéré {formatCents(summary?.weightedCents ?? 0)}
      </Text>
    </Stack>
  );
}

/**
 * The pipeline as a kanban: one column per open stage with its count, sum and weighted sum; a card
 * is dragged to another column (native drag and drop) or moved with its "Déplacer" menu. Only the
 * columns the dragged deal may go to accept it. Scrolls sideways inside its own frame.
 */
export function KanbanBoard({
  deals,
  pipeline,
  onMove,
  onDialog,
}: {
  deals: Deal[];
  pipeline: Pipeline | undefined;
  onMove: (deal: Deal, stage: SelectablePipelineStage) => void;
  onDialog: (dialog: DealDialog, deal: Deal) => void;
}) {
  const [dragging, setDragging] = useState<Deal | null>(null);
  const [over, setOver] = useState<SelectablePipelineStage | null>(null);
  const groups = groupByStage(deals);
  const accepts = (stage: SelectablePipelineStage) =>
    dragging !== null && movableStages(dragging).includes(stage);

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  const columnEvents = (stage: SelectablePipelineStage) => ({
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!accepts(stage)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== stage) setOver(stage);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const id = Number(event.dataTransfer.getData(DEAL_DRAG_TYPE));
      const deal = deals.find((candidate) => candidate.id === id) ?? dragging;
      endDrag();
      if (deal && movableStages(deal).includes(stage)) onMove(deal, stage);
    },
  });

  return (
    <Box
      role="region"
      aria-label="Pipeline des ventes, une colonne par étape"
      tabIndex={0}
      // Positioned: what is laid out absolutely in the cards (hidden labels) stays inside the frame.
      style={{ overflowX: 'auto', maxWidth: '100%', minWidth: 0, position: 'relative' }}
      pb="sm"
      data-testid="kanban"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm" w="max-content">
        {openStages.map((stage) => {
          const headingId = `kanban-column-${stage}`;
          const inStage = groups.get(stage) ?? [];
          const highlighted = over === stage;
          return (
            <Paper
              key={stage}
              component="section"
              aria-labelledby={headingId}
              radius="lg"
              p="sm"
              withBorder
              data-testid={`kanban-column-${stage}`}
              w={COLUMN_WIDTH}
              style={{
                flex: `0 0 ${COLUMN_WIDTH}px`,
                minHeight: 240,
                background: highlighted
                  ? 'var(--mantine-primary-color-light)'
                  : 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
                borderColor: highlighted ? 'var(--mantine-primary-color-filled)' : undefined,
                borderStyle: dragging && accepts(stage) ? 'dashed' : undefined,
              }}
              {...columnEvents(stage)}
            >
              <Stack gap="sm">
                <ColumnHeader
                  stage={stage}
                  summary={pipeline?.stages.find((s) => s.status === stage)}
                  headingId={headingId}
                />
                {inStage.length === 0 ? (
                  <Text size="xs" c="dimmed" ta="center" py="lg">
                    Aucune vente à cette étape
                  </Text>
                ) : (
                  <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                    {inStage.map((deal) => (
                      <li key={deal.id}>
                        <DealCard
                          deal={deal}
                          draggable={movableStages(deal).length > 0}
                          dragging={dragging?.id === deal.id}
                          onDragStart={setDragging}
                          onDragEnd={endDrag}
                          onMove={(to) => onMove(deal, to)}
                          onDialog={onDialog}
                        />
                      </li>
                    ))}
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Group>
    </Box>
  );
}
