import type { SupportMessage } from '@closia/shared';
import { Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dayjs';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/** A ticket's messages, oldest first: the team's marked as such. */
export function TicketThread({ messages }: { messages: SupportMessage[] }) {
  return (
    <Stack
      component="ol"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Messages de la demande"
    >
      {messages.map((message) => (
        <Paper
          key={message.id}
          component="li"
          withBorder
          radius="md"
          p="md"
          data-testid="ticket-message"
          data-staff={message.fromStaff}
          // The team's messages marked by a coloured edge (a tinted background fails the dimmed date's contrast in dark mode).
          style={
            message.fromStaff ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : undefined
          }
        >
          <Stack gap="xs">
            <Group gap="sm" wrap="nowrap">
              <Avatar size={32} radius="xl" color={message.fromStaff ? 'green' : 'gray'} aria-hidden="true">
                {message.fromStaff ? <IconLifebuoy size={18} /> : initials(message.authorName)}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {message.mine ? `${message.authorName} (vous)` : message.authorName}
                </Text>
                <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt)}
                </Text>
              </Stack>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
