import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  /** Anchor of the section (`/dashboard/settings#photos`). */
  id: string;
  title: string;
  description?: ReactNode;
  /** `danger` draws the red frame of irreversible actions. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One card of the settings page: an h2 the table of contents lists, a short description, the content. */
export function SettingsSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: SettingsSectionProps) {
  const titleId = `${id}-title`;
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={titleId}
      padding="lg"
      withBorder
      style={{
        scrollMarginTop: 80,
        ...(tone === 'danger' ? { borderColor: 'var(--mantine-color-red-6)' } : {}),
      }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4" id={titleId} data-settings-heading={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
