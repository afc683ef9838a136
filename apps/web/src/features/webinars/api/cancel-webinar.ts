import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/** `DELETE /webinars/{id}` (owner or admin): cancels it, the registrants are notified → 204 | 404. */
export function cancelWebinar(id: number): Promise<void> {
  return api.delete<void>(`/webinars/${id}`);
}

export function useCancelWebinar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWebinar,
    meta: { handlesError: true },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: webinarKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: webinarKeys.all });
    },
  });
}
