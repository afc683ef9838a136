import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's h1, its one-line purpose and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
        <Title order={1}>{title}</Title>
        {description && (
          <Text c="dimmed" maw={720}>
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
