import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `DELETE /missions/{id}` → 204 (soft delete) | 404. */
export function deleteMission(id: number): Promise<void> {
  return api.delete<void>(`/missions/${id}`);
}

export function useDeleteMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMission,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
    },
  });
}
