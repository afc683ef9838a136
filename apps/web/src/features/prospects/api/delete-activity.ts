import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

/** `DELETE /activities/{id}` → 204 (the prospect's next activity may move) | 404. */
export function deleteActivity(id: number) {
  return api.delete<void>(`/activities/${id}`);
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: prospectKeys.activities });
      void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}
