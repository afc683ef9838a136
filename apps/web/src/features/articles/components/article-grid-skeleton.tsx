import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The list while it loads: cards of the same shape. */
export function ArticleGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike
        <Card key={index} padding={0}>
          <Skeleton style={{ aspectRatio: '1200 / 630' }} radius={0} />
          <Stack gap="xs" p="lg">
            <Skeleton height={18} width={90} />
            <Skeleton height={22} width="85%" />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
            <Skeleton height={12} width={140} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
