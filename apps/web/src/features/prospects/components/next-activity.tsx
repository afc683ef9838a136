import type { Prospect } from '@closia/shared';
import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDue, formatLongDateTime, isOverdue } from '../utils/format';
import { PriorityBadge } from './prospect-badges';

/**
 * A prospect's next activity: its due date (red with "En retard" once passed), its priority and
 * its title; a date the user set without an activity shows alone.
 */
export function NextActivity({
  prospect,
  compact = false,
}: {
  prospect: Pick<Prospect, 'nextActivity' | 'nextActivityAt'>;
  compact?: boolean;
}) {
  const activity = prospect.nextActivity;
  const due = activity?.dueAt ?? prospect.nextActivityAt;
  if (!due) {
    return (
      <Text size="sm" c="dimmed">
        Aucune
      </Text>
    );
  }
  const overdue = isOverdue(due);
  const color = overdue ? 'var(--mantine-color-error)' : undefined;
  return (
    <Stack gap={2} data-testid="next-activity">
      <Group gap={6} wrap="nowrap">
        {overdue && <IconAlertTriangle size={14} color="var(--mantine-color-error)" aria-hidden="true" />}
        <Tooltip label={formatLongDateTime(due)}>
          <Text size="sm" c={color} fw={overdue ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
            {overdue && <span>En retard · </span>}
            <time dateTime={due}>{formatDue(due)}</time>
          </Text>
        </Tooltip>
        {activity && <PriorityBadge priority={activity.priority} size="sm" />}
      </Group>
      {activity && !compact && (
        <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
          {activity.title}
        </Text>
      )}
    </Stack>
  );
}
