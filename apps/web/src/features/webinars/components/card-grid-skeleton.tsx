import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholder cards while a list loads. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label="Chargement">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
        <Card key={index} padding="lg" withBorder>
          <Stack gap="sm">
            <Skeleton height={20} width="40%" />
            <Skeleton height={22} width="80%" />
            <Skeleton height={14} width="55%" />
            <Skeleton height={60} />
            <Skeleton height={36} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
