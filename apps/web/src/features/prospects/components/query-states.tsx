import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../utils/errors';

/** A list or a page that could not be loaded: why, and "Réessayer". */
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

/** Placeholder rows while a table loads. */
export function TableSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label} role="status">
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
        <Skeleton key={index} height={44} />
      ))}
    </Stack>
  );
}

/** Mantine's pagination with French names on every control; nothing for a single page. */
export function ListPagination({
  page,
  lastPage,
  onChange,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={lastPage}
        value={Math.min(page, lastPage)}
        onChange={onChange}
        siblings={1}
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
