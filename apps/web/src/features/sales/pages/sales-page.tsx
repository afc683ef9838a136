import { type Deal, isInfopreneur, type SelectablePipelineStage } from '@closia/shared';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconLayoutKanban, IconPlus, IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useUrlState } from '../../../lib/url-state';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useBoardDeals } from '../api/get-board-deals';
import { usePipeline } from '../api/get-pipeline';
import { useMoveDeal } from '../api/move-deal';
import { BoardSkeleton } from '../components/board-skeleton';
import { useDealDialogs } from '../components/deal-dialogs';
import { DealFormModal } from '../components/deal-form-modal';
import { DealsTable } from '../components/deals-table';
import { KanbanBoard } from '../components/kanban-board';
import { EmptyState, LoadError } from '../components/query-states';
import { ViewpointControl } from '../components/viewpoint-control';
import { salesState, type Viewpoint, viewpointOf } from '../utils/deal-table';
import { countText, formatCents } from '../utils/format';
import { pipelineFromDeals } from '../utils/kanban';

type View = 'kanban' | 'table';

function KanbanView({
  viewpoint,
  onCreate,
  onMove,
  onDialog,
}: {
  viewpoint: Viewpoint;
  onCreate: () => void;
  onMove: Parameters<typeof KanbanBoard>[0]['onMove'];
  onDialog: Parameters<typeof KanbanBoard>[0]['onDialog'];
}) {
  const board = useBoardDeals(viewpoint);
  const pipeline = usePipeline({ enabled: viewpoint === 'seller' });
  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) return <LoadError error={board.error} onRetry={() => board.refetch()} />;
  const figures = viewpoint === 'seller' ? pipeline.data : pipelineFromDeals(board.data);
  if (board.data.length === 0) {
    return viewpoint === 'seller' ? (
      <EmptyState
        icon={IconLayoutKanban}
        title="Aucune vente en cours"
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onCreate}>
            Nouvelle vente
          </Button>
        }
      >
        Créez une vente pour un de vos prospects et suivez-la de la prospection au closing. Vos ventes gagnées
        et perdues restent dans la vue Tableau.
      </EmptyState>
    ) : (
      <EmptyState
        icon={IconSearch}
        title="Aucune vente en cours sur vos offres"
        action={
          <Button component={Link} to={paths.app.search} variant="light">
            Trouver des setters et closers
          </Button>
        }
      >
        Les ventes que vos setters et closers mènent sur vos offres apparaîtront ici.
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      {figures && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {countText(figures.totals.count, 'vente en cours', 'ventes en cours')} · total{' '}
          {formatCents(figures.totals.sumCents)} · pondéré {formatCents(figures.totals.weightedCents)}
        </Text>
      )}
      <KanbanBoard deals={board.data} pipeline={figures} onMove={onMove} onDialog={onDialog} />
    </Stack>
  );
}

/**
 * `/dashboard/sales` ("Ventes"): the pipeline as a kanban (drag a card to another stage, or use its
 * "Déplacer" menu) or as a table (filters, sort, pages); "Nouvelle vente". An infopreneur may also
 * follow, read-only, the deals sold on their offers.
 */
export function SalesPage() {
  const [filters, setFilters] = useUrlState(salesState);
  const { data: user } = useCurrentUser();
  const infopreneur = isInfopreneur(user);
  const viewpoint = viewpointOf(filters, infopreneur);
  const view: View = filters.view;
  const [creating, setCreating] = useState(false);
  const move = useMoveDeal();
  const { open, dialogs } = useDealDialogs();
  const viewLabelId = useId();

  const setView = (value: View) => setFilters({ view: value });
  const setViewpoint = (value: Viewpoint) => setFilters({ as: value });

  const onMove = (deal: Deal, status: SelectablePipelineStage) => move.mutate({ deal, status });
  const create = () => setCreating(true);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Ventes"
        description={
          viewpoint === 'infopreneur'
            ? 'Les ventes menées sur vos offres par vos setters et closers, en lecture seule.'
            : 'Votre pipeline, de la prospection au closing : glissez une vente vers une autre étape ou utilisez « Déplacer ».'
        }
        actions={
          viewpoint === 'seller' && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={create}>
              Nouvelle vente
            </Button>
          )
        }
      />
      <Group gap="lg" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id={viewLabelId}>
            Affichage
          </Text>
          <SegmentedControl
            aria-labelledby={viewLabelId}
            value={view}
            onChange={(value) => setView(value as View)}
            data={[
              { value: 'kanban', label: 'Kanban' },
              { value: 'table', label: 'Tableau' },
            ]}
          />
        </Stack>
        {infopreneur && <ViewpointControl value={viewpoint} onChange={setViewpoint} />}
      </Group>
      {view === 'kanban' ? (
        <KanbanView viewpoint={viewpoint} onCreate={create} onMove={onMove} onDialog={open} />
      ) : (
        <DealsTable
          viewpoint={viewpoint}
          filters={filters}
          onFilters={setFilters}
          onMove={onMove}
          onDialog={open}
          onCreate={viewpoint === 'seller' ? create : undefined}
        />
      )}
      <DealFormModal opened={creating} onClose={() => setCreating(false)} />
      {dialogs}
    </Stack>
  );
}
