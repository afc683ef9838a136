import type { ProspectCreateInput, ProspectWithDuplicates } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

/** `POST /prospects` → 201 the prospect and its possible duplicates (a warning, not a refusal) | 422. */
export function createProspect(input: ProspectCreateInput) {
  return api.post<ProspectWithDuplicates>('/prospects', input);
}

export function useCreateProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProspect,
    meta: { handlesError: true },
    onSuccess: (prospect) => {
      queryClient.setQueryData(prospectKeys.detail(prospect.id), prospect);
      void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}
