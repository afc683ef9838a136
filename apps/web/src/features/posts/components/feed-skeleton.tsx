import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** Cards the shape of posts while the feed loads. */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Chargement des publications">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card key={index} padding="lg">
          <Stack gap="sm">
            <Group gap="sm">
              <Skeleton height={40} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={12} width="40%" />
                <Skeleton height={10} width="25%" />
              </Stack>
            </Group>
            <Skeleton height={20} width="70%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="90%" />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
