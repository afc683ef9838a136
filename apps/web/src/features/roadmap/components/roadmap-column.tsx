import { type RoadmapPublicStatus, type RoadmapSort, roadmapStatusLabels } from '@closia/shared';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/query-states';
import { errorMessage } from '../../../lib/error-message';
import { useRoadmapColumn } from '../api/get-roadmap';
import { RoadmapCard } from './roadmap-card';

const emptyText: Record<RoadmapPublicStatus, string> = {
  planned: 'Aucune idée prévue pour le moment : proposez la vôtre !',
  in_progress: 'Rien en cours de développement pour le moment.',
  done: 'Aucune nouveauté livrée pour le moment.',
};

export const columnDescriptions: Record<RoadmapPublicStatus, string> = {
  planned: 'Ce que nous allons construire : votez pour ce que vous attendez le plus.',
  in_progress: 'Ce que l’équipe développe en ce moment.',
  done: 'Ce qui est déjà disponible sur Closia.',
};

export function ColumnSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Chargement des idées">
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Skeleton height={18} width="40%" />
            <Skeleton height={16} width="85%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="70%" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * One column of the road map (`status`): its ideas as cards, a skeleton while they load, a
 * sentence when there is none. `heading`: false when a tab already names the column.
 */
export function RoadmapColumn({
  status,
  sort,
  signedIn,
  highlightedId,
  onSignIn,
  heading = true,
}: {
  status: RoadmapPublicStatus;
  sort: RoadmapSort;
  signedIn: boolean;
  highlightedId: number | null;
  onSignIn: () => void;
  heading?: boolean;
}) {
  const column = useRoadmapColumn({ status, sort });
  const items = column.data?.pages.flatMap((page) => page.data) ?? [];
  const total = column.data?.pages[0]?.meta.total;
  const titleId = `colonne-${status}`;

  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby={heading ? titleId : undefined}
      aria-label={heading ? undefined : roadmapStatusLabels[status]}
      data-testid={`roadmap-column-${status}`}
    >
      {heading && (
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz="h3" id={titleId}>
              {roadmapStatusLabels[status]}
            </Title>
            {total !== undefined && (
              <Badge variant="light" radius="sm" aria-label={`${total} idée${total > 1 ? 's' : ''}`}>
                {total}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {columnDescriptions[status]}
          </Text>
        </Stack>
      )}
      {column.isError && !column.data ? (
        <LoadError
          error={column.error}
          onRetry={() => column.refetch()}
          title="Impossible de charger cette colonne"
          describe={(error) => errorMessage(error)}
        />
      ) : column.isPending ? (
        <ColumnSkeleton />
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="lg" role="status">
          <Text size="sm" c="dimmed" ta="center">
            {emptyText[status]}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {items.map((item) => (
            <RoadmapCard
              key={item.id}
              item={item}
              signedIn={signedIn}
              highlighted={item.id === highlightedId}
              onSignIn={onSignIn}
            />
          ))}
          {column.hasNextPage && (
            <Button
              variant="default"
              loading={column.isFetchingNextPage}
              onClick={() => column.fetchNextPage()}
            >
              Afficher plus d’idées
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
