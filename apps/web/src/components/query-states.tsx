import { Alert, Button, Group, Pagination, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/error-message';

/** A list or a page that could not be loaded: why (in French), and "Réessayer". */
export function LoadError({
  error,
  onRetry,
  title = 'Chargement impossible',
  describe = errorMessage,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
  /** The feature's wording of the failure (default: by status). */
  describe?: (error: unknown) => string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describe(error)}</Text>
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

/** Mantine's pagination with French names on every control; nothing for a single page. */
export function ListPagination({
  page,
  lastPage,
  onChange,
  siblings,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  siblings?: number;
}) {
  if (lastPage <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={lastPage}
        value={Math.min(page, lastPage)}
        onChange={onChange}
        siblings={siblings}
        getControlProps={(control) => ({
          'aria-label':
            control === 'previous'
              ? 'Page précédente'
              : control === 'next'
                ? 'Page suivante'
                : control === 'first'
                  ? 'Première page'
                  : 'Dernière page',
        })}
        getItemProps={(itemPage) => ({ 'aria-label': `Page ${itemPage}` })}
      />
    </Group>
  );
}
