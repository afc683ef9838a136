import type { Deal, SelectablePipelineStage } from '@closia/shared';
import { Button, Stack, Text } from '@mantine/core';
import { IconLayoutKanban, IconPlus } from '@tabler/icons-react';
import { useTeamBoardDeals } from '../api/get-board-deals';
import { useTeamPipeline } from '../api/get-pipeline';
import { useMoveDeal } from '../api/move-deal';
import { countText, formatCents } from '../utils/format';
import { BoardSkeleton } from './board-skeleton';
import { useDealDialogs } from './deal-dialogs';
import { KanbanBoard } from './kanban-board';
import { EmptyState, LoadError } from './query-states';

/**
 * A team's shared pipeline as a kanban: every member sees the team's open deals and moves them
 * (drag, or "Déplacer"); winning, losing and handing off stay with each deal's owner.
 */
export function TeamBoard({ teamId, onCreate }: { teamId: number; onCreate: () => void }) {
  const board = useTeamBoardDeals(teamId);
  const pipeline = useTeamPipeline(teamId);
  const move = useMoveDeal();
  const { open, dialogs } = useDealDialogs();
  const onMove = (deal: Deal, status: SelectablePipelineStage) => move.mutate({ deal, status });

  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) return <LoadError error={board.error} onRetry={() => board.refetch()} />;
  if (board.data.length === 0) {
    return (
      <EmptyState
        icon={IconLayoutKanban}
        title="Aucune vente en cours dans l’équipe"
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onCreate}>
            Nouvelle vente d’équipe
          </Button>
        }
      >
        Créez une vente dans le pipeline partagé, ou placez-y une de vos ventes depuis sa page.
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      {pipeline.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {countText(pipeline.data.totals.count, 'vente en cours', 'ventes en cours')} · total{' '}
          {formatCents(pipeline.data.totals.sumCents)} · pondéré{' '}
          {formatCents(pipeline.data.totals.weightedCents)}
        </Text>
      )}
      <KanbanBoard deals={board.data} pipeline={pipeline.data} onMove={onMove} onDialog={open} />
      {dialogs}
    </Stack>
  );
}
