import { Skeleton, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { EmptyState, ListPagination, LoadError as SharedLoadError } from '../../../components/query-states';
import { errorMessage } from '../../../lib/error-message';
import { prospectWording } from '../utils/error-wording';

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

/** A list or a page that could not be loaded, worded for this feature. */
export function LoadError(props: Omit<ComponentProps<typeof SharedLoadError>, 'describe'>) {
  return <SharedLoadError {...props} describe={(error) => errorMessage(error, prospectWording)} />;
}

export { EmptyState, ListPagination };
