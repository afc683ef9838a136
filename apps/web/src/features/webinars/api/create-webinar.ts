import type { Webinar, WebinarInput } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webinarKeys } from './webinar-keys';

/** `POST /webinars` (infopreneurs and admins) → 201 the webinar | 422 | 403. */
export function createWebinar(input: WebinarInput): Promise<Webinar> {
  return api.post<Webinar>('/webinars', input);
}

export function useCreateWebinar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebinar,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webinarKeys.all });
    },
  });
}
