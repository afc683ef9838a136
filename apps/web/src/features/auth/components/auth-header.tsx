import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title (h1) and subtitle of an auth card. */
export function AuthHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      )}
    </Stack>
  );
}
