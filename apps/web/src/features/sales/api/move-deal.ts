import type { Deal, Pipeline, SelectablePipelineStage } from '@closia/shared';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { saleWording } from '../utils/error-wording';
import { type BoardAction, boardReducer, type Move, planMove } from '../utils/kanban';
import { stageLabel } from '../utils/stages';
import { invalidateSales, salesKeys } from './sales-keys';

export interface MoveDealVariables {
  deal: Deal;
  status: SelectablePipelineStage;
  /** Kept with the history row. */
  note?: string;
}

/**
 * `POST /deals/{id}/move` {status, note?} → the deal | 403 (a setter past R2, the infopreneur)
 * | 404 | 409 (won or lost: reopen it first) | 422 (not an open stage).
 */
export function moveDeal({ deal, status, note }: MoveDealVariables): Promise<Deal> {
  return api.post<Deal>(`/deals/${deal.id}/move`, { status, ...(note?.trim() ? { note: note.trim() } : {}) });
}

/** Applies a move (or its undoing) to the cached boards, and to the seller's column figures. */
function applyToBoards(queryClient: QueryClient, action: BoardAction) {
  for (const viewpoint of ['seller', 'infopreneur'] as const) {
    const deals = queryClient.getQueryData<Deal[]>(salesKeys.board(viewpoint));
    if (!deals) continue;
    const pipeline =
      viewpoint === 'seller' ? queryClient.getQueryData<Pipeline>(salesKeys.pipeline) : undefined;
    const next = boardReducer({ deals, pipeline }, action);
    queryClient.setQueryData(salesKeys.board(viewpoint), next.deals);
    if (viewpoint === 'seller' && next.pipeline) queryClient.setQueryData(salesKeys.pipeline, next.pipeline);
  }
}

/**
 * Moves a deal, optimistically: the boards and their column figures change at once; if the API
 * refuses, the move is undone and a toast says why.
 */
export function useMoveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDeal,
    meta: { handlesError: true },
    onMutate: async ({ deal, status }): Promise<{ move: Move | null }> => {
      const move = planMove(deal, status);
      if (!move) return { move: null };
      await Promise.all([
        queryClient.cancelQueries({ queryKey: salesKeys.boards }),
        queryClient.cancelQueries({ queryKey: salesKeys.pipeline }),
      ]);
      applyToBoards(queryClient, { type: 'move', move });
      return { move };
    },
    onError: (error, { deal, status }, context) => {
      if (context?.move) applyToBoards(queryClient, { type: 'rollback', move: context.move });
      notifications.show({
        color: 'red',
        title: 'Déplacement annulé',
        message: `« ${deal.title} » n’a pas pu passer en ${stageLabel(status)} et reste en ${stageLabel(deal.status)}. ${errorMessage(error, saleWording)}`,
      });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(salesKeys.deal(updated.id), updated);
      notifications.show({
        color: 'green',
        title: 'Vente déplacée',
        message: `« ${updated.title} » est maintenant en ${stageLabel(updated.status)}.`,
      });
    },
    onSettled: () => invalidateSales(queryClient),
  });
}
