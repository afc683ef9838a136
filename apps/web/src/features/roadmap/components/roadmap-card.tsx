import { type RoadmapItem, roadmapCategoryLabels } from '@closia/shared';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { dayjs } from '../../../lib/dayjs';
import { PlainText } from './plain-text';
import { VoteButton } from './vote-button';

/** One idea: its category, title, description, votes and, once shipped, the day it shipped. */
export function RoadmapCard({
  item,
  signedIn,
  highlighted,
  onSignIn,
}: {
  item: RoadmapItem;
  signedIn: boolean;
  highlighted?: boolean;
  onSignIn: () => void;
}) {
  return (
    <Paper
      component="article"
      id={`idee-${item.id}`}
      withBorder
      radius="md"
      p="md"
      data-testid="roadmap-card"
      aria-labelledby={`idee-${item.id}-titre`}
      style={{
        scrollMarginTop: 80,
        ...(highlighted
          ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 2 }
          : {}),
      }}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" color="gray" radius="sm" style={{ flexShrink: 1, minWidth: 0 }}>
            {roadmapCategoryLabels[item.category]}
          </Badge>
          <VoteButton item={item} signedIn={signedIn} onSignIn={onSignIn} />
        </Group>
        <Title order={3} fz="md" id={`idee-${item.id}-titre`} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        {item.description && (
          <PlainText size="sm" c="dimmed" lineClamp={6}>
            {item.description}
          </PlainText>
        )}
        {item.shippedAt && (
          <Text size="xs" c="dimmed">
            Livré le <time dateTime={item.shippedAt}>{dayjs(item.shippedAt).format('D MMMM YYYY')}</time>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
