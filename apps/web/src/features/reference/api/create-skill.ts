import type { Paginated, ReferenceItemInput, ValidatedItem } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { referenceKeys, withItem } from './reference-keys';

/**
 * `POST /skills { name }` → the proposed skill (201, not yet validated) or the existing one with
 * the same name (200). Usable at once by the user who proposed it.
 */
export function createSkill(input: ReferenceItemInput): Promise<ValidatedItem> {
  return api.post<ValidatedItem>('/skills', input);
}

export function useCreateSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSkill,
    meta: { handlesError: true },
    onSuccess: (item) => {
      queryClient.setQueriesData<Paginated<ValidatedItem>>({ queryKey: referenceKeys.skills }, (list) =>
        withItem(list, item),
      );
      void queryClient.invalidateQueries({ queryKey: referenceKeys.skills });
    },
  });
}
