import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `DELETE /services/{id}` → 204 (soft delete; its missions are closed) | 404. */
export function deleteService(id: number): Promise<void> {
  return api.delete<void>(`/services/${id}`);
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.services });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.jobs });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.missions });
    },
  });
}
