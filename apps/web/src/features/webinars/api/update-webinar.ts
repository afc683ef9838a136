import type { Webinar, WebinarUpdateInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

export interface UpdateWebinarVariables {
  id: number;
  input: WebinarUpdateInput;
}

/** `PUT /webinars/{id}` (owner or admin) → the webinar | 422 | 404. */
export function updateWebinar({ id, input }: UpdateWebinarVariables): Promise<Webinar> {
  return api.put<Webinar>(`/webinars/${id}`, input);
}

export function useUpdateWebinar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebinar,
    meta: { handlesError: true },
    onSuccess: (webinar) => {
      queryClient.setQueryData(webinarKeys.detail(webinar.id), webinar);
      void queryClient.invalidateQueries({ queryKey: webinarKeys.all });
    },
  });
}
