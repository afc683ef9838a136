import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateSales, salesKeys } from './sales-keys';

/** `DELETE /deals/{id}` (its owner) → 204 | 403 | 404 | 409 (a sale whose commissions were paid). */
export function deleteDeal(id: number): Promise<void> {
  return api.delete<void>(`/deals/${id}`);
}

export function useDeleteDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeal,
    meta: { handlesError: true },
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: salesKeys.deal(id) });
      invalidateSales(queryClient);
    },
  });
}
