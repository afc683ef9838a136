import type { Deal } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSales, salesKeys } from './sales-keys';

/**
 * A mutation answering the changed deal (create, edit, win, lose, reopen, refund, hand off): the
 * deal's page gets the answer at once, everything derived from deals is refetched. The caller
 * shows its errors (in its form or dialog).
 */
export function useDealMutation<V>(mutationFn: (variables: V) => Promise<Deal>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesError: true },
    onSuccess: (deal) => {
      queryClient.setQueryData(salesKeys.deal(deal.id), deal);
      invalidateSales(queryClient);
    },
  });
}
