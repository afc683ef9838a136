import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';
import { EmptyState, ListPagination, LoadError as SharedLoadError } from '../../../components/query-states';
import { errorMessage } from '../../../lib/error-message';
import { marketplaceWording } from '../utils/error-wording';

/** Placeholder cards while a list loads. */
export function CardGridSkeleton({
  count = 6,
  height = 180,
  cols = { base: 1, sm: 2 },
}: {
  count?: number;
  height?: number;
  cols?: Record<string, number>;
}) {
  return (
    <SimpleGrid cols={cols} spacing="md" aria-busy="true" aria-label="Chargement">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
        <Card key={index} padding="lg" withBorder>
          <Stack gap="sm">
            <Skeleton height={20} width="70%" />
            <Skeleton height={14} width="45%" />
            <Skeleton height={height - 90} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A list or a page that could not be loaded, worded for this feature. */
export function LoadError(props: Omit<ComponentProps<typeof SharedLoadError>, 'describe'>) {
  return <SharedLoadError {...props} describe={(error) => errorMessage(error, marketplaceWording)} />;
}

export { EmptyState, ListPagination };
