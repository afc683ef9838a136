import type { ProspectUpdateInput, ProspectWithDuplicates } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

export interface UpdateProspectVariables {
  id: number;
  input: ProspectUpdateInput;
}

/**
 * `PUT /prospects/{id}` (partial: only the fields sent change) → the prospect and its possible
 * duplicates | 422 | 404. While activities are open, the earliest one sets `nextActivityAt`.
 */
export function updateProspect({ id, input }: UpdateProspectVariables) {
  return api.put<ProspectWithDuplicates>(`/prospects/${id}`, input);
}

export function useUpdateProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProspect,
    meta: { handlesError: true },
    onSuccess: (prospect) => {
      queryClient.setQueryData(prospectKeys.detail(prospect.id), prospect);
      void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}
