import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { marketplaceKeys } from './marketplace-keys';

/** `DELETE /advertisements/{id}` → 204 | 404. */
export function deleteAdvertisement(id: number): Promise<void> {
  return api.delete<void>(`/advertisements/${id}`);
}

export function useDeleteAdvertisement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdvertisement,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.advertisements });
    },
  });
}
