import { Alert, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../utils/errors';

/** Something that could not be loaded: why, and "Réessayer". */
export function LoadError({
  error,
  onRetry,
  title = 'Chargement impossible',
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Réessayer
        </Button>
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet: an icon, a sentence, and what to do about it. */
export function EmptyState({
  icon: EmptyIcon,
  title,
  children,
  action,
}: {
  icon: Icon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" role="status">
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
          <EmptyIcon size={28} stroke={1.5} />
        </ThemeIcon>
        <Text component="p" fw={700} fz="lg" m={0}>
          {title}
        </Text>
        {children && (
          <Text c="dimmed" maw={520} size="sm">
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
