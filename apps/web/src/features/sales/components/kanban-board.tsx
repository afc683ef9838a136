import {
  type Deal,
  dealCan,
  dealMoveTargets,
  type Pipeline,
  type PipelineStageSummary,
  type SelectablePipelineStage,
} from '@closia/shared';
import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconThumbDown, IconTrophy } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { countText, formatCents } from '../utils/format';
import { groupByStage, openStages, stageLabel } from '../utils/stages';
import type { DealDialog } from './deal-actions-menu';
import { DEAL_DRAG_TYPE, DealCard } from './deal-card';

/**
 * A column's narrowest width: six of them and their gaps fit the content of a 1366 px screen beside
 * the sidebar (about 1 050 px); wider screens share the room between them, up to `COLUMN_MAX`.
 */
const COLUMN_MIN = 160;
const COLUMN_MAX = 320;

/** Where a dragged card may be dropped to close it: "Gagné" and "Perdu" open their dialogs. */
type Outcome = 'win' | 'lose';

const outcomes: Record<Outcome, { label: string; hint: string; color: string; icon: typeof IconTrophy }> = {
  win: { label: 'Gagné', hint: 'Déposez ici pour gagner la vente', color: 'green', icon: IconTrophy },
  lose: { label: 'Perdu', hint: 'Déposez ici pour la perdre', color: 'red', icon: IconThumbDown },
};

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
        <Title order={2} size="h6" id={headingId} style={{ minWidth: 0 }}>
          {stageLabel(stage)}
        </Title>
        <Badge
          variant="filled"
          color="gray"
          size="sm"
          aria-label={countText(summary?.count ?? 0, 'vente')}
          style={{ flexShrink: 0 }}
        >
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
 * "Gagné" and "Perdu", shown at the bottom of the screen while a card its viewer may close is
 * dragged (as Pipedrive does): a drop opens the win or lose dialog, which asks what a move cannot
 * (the amount and instalments, the reason). The keyboard's way is the card's "Déplacer" menu.
 */
function OutcomeZones({
  deal,
  over,
  onOver,
  onDropDeal,
}: {
  deal: Deal;
  over: Outcome | null;
  onOver: (outcome: Outcome | null) => void;
  onDropDeal: (event: DragEvent<HTMLElement>, outcome: Outcome) => void;
}) {
  const shown = (['win', 'lose'] as const).filter((outcome) => dealCan(deal, outcome));
  if (shown.length === 0) return null;
  return (
    <Group
      justify="center"
      gap="md"
      wrap="nowrap"
      data-testid="kanban-outcomes"
      style={{ position: 'fixed', left: 0, right: 0, bottom: 24, zIndex: 300, pointerEvents: 'none' }}
    >
      {shown.map((outcome) => {
        const { label, hint, color, icon: OutcomeIcon } = outcomes[outcome];
        const active = over === outcome;
        return (
          <Paper
            key={outcome}
            radius="lg"
            p="md"
            shadow="lg"
            withBorder
            data-testid={`kanban-drop-${outcome}`}
            onDragOver={(event: DragEvent<HTMLElement>) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              if (!active) onOver(outcome);
            }}
            onDragLeave={(event: DragEvent<HTMLElement>) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onOver(null);
            }}
            onDrop={(event: DragEvent<HTMLElement>) => onDropDeal(event, outcome)}
            w={240}
            style={{
              pointerEvents: 'auto',
              borderStyle: 'dashed',
              borderWidth: 2,
              borderColor: `var(--mantine-color-${color}-${active ? 6 : 4})`,
              background: active ? `var(--mantine-color-${color}-light-hover)` : 'var(--mantine-color-body)',
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="xl" variant="light" color={color} aria-hidden="true">
                <OutcomeIcon size={20} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={700}>{label}</Text>
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}

/**
 * The pipeline as a kanban: one column per open stage with its count, sum and weighted sum; a card
 * is dragged to another column (native drag and drop) or moved with its "Déplacer" menu. Only the
 * columns the dragged deal may go to accept it; while it is dragged, "Gagné" and "Perdu" zones
 * (for its owner) open the win and lose dialogs. Columns share the frame's width (six fit at
 * 1366 px) and the board scrolls sideways inside its own frame when they cannot.
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
  const [overOutcome, setOverOutcome] = useState<Outcome | null>(null);
  const groups = groupByStage(deals);
  const accepts = (stage: SelectablePipelineStage) =>
    dragging !== null && dealMoveTargets(dragging).includes(stage);

  const endDrag = () => {
    setDragging(null);
    setOver(null);
    setOverOutcome(null);
  };

  const draggedDeal = (event: DragEvent<HTMLElement>) => {
    const id = Number(event.dataTransfer.getData(DEAL_DRAG_TYPE));
    return deals.find((candidate) => candidate.id === id) ?? dragging;
  };

  const dropOnOutcome = (event: DragEvent<HTMLElement>, outcome: Outcome) => {
    event.preventDefault();
    const deal = draggedDeal(event);
    endDrag();
    if (deal && dealCan(deal, outcome)) onDialog(outcome, deal);
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
      const deal = draggedDeal(event);
      endDrag();
      if (deal && dealMoveTargets(deal).includes(stage)) onMove(deal, stage);
    },
  });

  return (
    <>
      <Box
        role="region"
        aria-label="Pipeline des ventes, une colonne par étape"
        tabIndex={0}
        // Positioned: what is laid out absolutely in the cards (hidden labels) stays inside the frame.
        style={{ overflowX: 'auto', maxWidth: '100%', minWidth: 0, position: 'relative' }}
        pb="sm"
        data-testid="kanban"
      >
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ width: '100%' }}>
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
                style={{
                  // Never narrower than COLUMN_MIN: below that, the frame scrolls sideways.
                  flex: `1 0 ${COLUMN_MIN}px`,
                  minWidth: COLUMN_MIN,
                  maxWidth: COLUMN_MAX,
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
                            draggable={dealMoveTargets(deal).length > 0}
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
      {dragging && (
        <OutcomeZones deal={dragging} over={overOutcome} onOver={setOverOutcome} onDropDeal={dropOnOutcome} />
      )}
    </>
  );
}
