import type { ActivityCreateInput, ProspectActivity } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

export interface CreateActivityVariables {
  prospectId: number;
  input: Partial<ActivityCreateInput>;
}

/** `POST /prospects/{id}/activities` → 201 the activity (the prospect's next activity may move) | 422. */
export function createActivity({ prospectId, input }: CreateActivityVariables) {
  return api.post<ProspectActivity>(`/prospects/${prospectId}/activities`, input);
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    meta: { handlesError: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: prospectKeys.activities });
      void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}
