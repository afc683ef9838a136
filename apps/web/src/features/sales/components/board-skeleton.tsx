import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { openStages } from '../utils/stages';

/** The kanban's columns while the deals load. */
export function BoardSkeleton() {
  return (
    <Group
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      style={{ overflow: 'hidden' }}
      aria-busy="true"
      aria-label="Chargement du pipeline"
    >
      {openStages.map((stage) => (
        <Paper key={stage} withBorder radius="lg" p="sm" w={272} style={{ flex: '0 0 272px' }}>
          <Stack gap="sm">
            <Skeleton height={18} width="60%" />
            <Skeleton height={12} width="80%" />
            <Skeleton height={110} />
            <Skeleton height={110} />
          </Stack>
        </Paper>
      ))}
    </Group>
  );
}
