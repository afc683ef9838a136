import type { Deal } from '@closia/shared';
import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconSchool, IconUser } from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { Link } from 'react-router';
import { daysInStageText, formatCents, formatDealProbability, formatShortDay } from '../utils/format';
import { useSalesLinks } from '../utils/sales-links';
import { DealActionsMenu, type DealDialog } from './deal-actions-menu';
import { PeopleAvatars } from './people-avatars';

/** The drag payload's type: a deal's id. */
export const DEAL_DRAG_TYPE = 'application/x-closia-deal';

/** One deal on the kanban: what it sells to whom, what it is worth, how long it has waited. */
export function DealCard({
  deal,
  draggable,
  dragging,
  onDragStart,
  onDragEnd,
  onMove,
  onDialog,
}: {
  deal: Deal;
  draggable: boolean;
  dragging: boolean;
  onDragStart: (deal: Deal) => void;
  onDragEnd: () => void;
  onMove: Parameters<typeof DealActionsMenu>[0]['onMove'];
  onDialog: (dialog: DealDialog, deal: Deal) => void;
}) {
  const links = useSalesLinks();
  const startDrag = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.setData(DEAL_DRAG_TYPE, String(deal.id));
    event.dataTransfer.setData('text/plain', deal.title);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart(deal);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow={dragging ? 'md' : 'xs'}
      draggable={draggable}
      onDragStart={draggable ? startDrag : undefined}
      onDragEnd={onDragEnd}
      data-testid="deal-card"
      data-deal-id={deal.id}
      style={{ cursor: draggable ? 'grab' : undefined, opacity: dragging ? 0.5 : 1 }}
    >
      <Stack gap={6}>
        <Anchor
          component={Link}
          to={links.sale(deal.id)}
          fw={600}
          size="sm"
          underline="hover"
          draggable={false}
          style={{ overflowWrap: 'anywhere' }}
        >
          {deal.title}
        </Anchor>
        <Group gap={6} wrap="nowrap">
          <IconUser size={14} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="xs" truncate="end">
            <VisuallyHidden>Prospect : </VisuallyHidden>
            {deal.prospect.fullName}
          </Text>
        </Group>
        {deal.service && (
          <Group gap={6} wrap="nowrap">
            <IconSchool size={14} aria-hidden="true" style={{ flex: 'none' }} />
            <Text size="xs" c="dimmed" truncate="end">
              <VisuallyHidden>Offre : </VisuallyHidden>
              {deal.service.name}
            </Text>
          </Group>
        )}
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700}>
            {formatCents(deal.valueCents)}
          </Text>
          <Badge
            variant="light"
            color="gray"
            size="sm"
            aria-label={`Probabilité ${formatDealProbability(deal)}`}
          >
            {formatDealProbability(deal)}
          </Badge>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={14} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="xs" c="dimmed">
            {deal.expectedCloseDate ? `Clôture ${formatShortDay(deal.expectedCloseDate)}` : 'Sans date'} ·{' '}
            {daysInStageText(deal.daysInStage)}
          </Text>
        </Group>
        <Group justify="space-between" gap={6}>
          <PeopleAvatars deal={deal} size={26} />
          <DealActionsMenu deal={deal} onMove={onMove} onDialog={onDialog} compact />
        </Group>
      </Stack>
    </Paper>
  );
}
