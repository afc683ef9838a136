import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

/** `DELETE /prospects/{id}` → 204, with its activities and its deals | 404. */
export function deleteProspect(id: number) {
  return api.delete<void>(`/prospects/${id}`);
}

export function useDeleteProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProspect,
    meta: { handlesError: true },
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: prospectKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
      void queryClient.invalidateQueries({ queryKey: prospectKeys.activities });
    },
  });
}
