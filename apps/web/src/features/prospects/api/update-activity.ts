import type { ActivityUpdateInput, Paginated, ProspectActivity } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

export interface UpdateActivityVariables {
  id: number;
  prospectId: number;
  input: ActivityUpdateInput;
}

/** `PUT /activities/{id}` (partial; `done: true` marks it done now, `false` opens it again) → the activity. */
export function updateActivity({ id, input }: UpdateActivityVariables) {
  return api.put<ProspectActivity>(`/activities/${id}`, input);
}

/** Ticking an activity shows at once; the server's answer (and the next activity) follow. */
export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    meta: { handlesError: true },
    onMutate: async ({ id, prospectId, input }) => {
      const key = prospectKeys.activityList(prospectId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Paginated<ProspectActivity>>(key);
      if (previous && input.done !== undefined) {
        const done = input.done;
        queryClient.setQueryData<Paginated<ProspectActivity>>(key, {
          ...previous,
          data: previous.data.map((activity) =>
            activity.id === id
              ? { ...activity, done, doneAt: done ? (activity.doneAt ?? new Date().toISOString()) : null }
              : activity,
          ),
        });
      }
      return { previous, key };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: prospectKeys.activities });
      void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}
