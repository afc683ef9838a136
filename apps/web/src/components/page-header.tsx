import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's h1, its one-line purpose and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
  above,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown over the title (a way back, a badge). */
  above?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
        {above}
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {description && (
          <Text component="div" c="dimmed" maw={720}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
