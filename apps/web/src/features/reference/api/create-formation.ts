import type { Paginated, ReferenceItemInput, ValidatedItem } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { referenceKeys, withItem } from './reference-keys';

/**
 * `POST /formations { name }` → the proposed formation (201, not yet validated) or the existing one with
 * the same name (200). Usable at once by the user who proposed it.
 */
export function createFormation(input: ReferenceItemInput): Promise<ValidatedItem> {
  return api.post<ValidatedItem>('/formations', input);
}

export function useCreateFormation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFormation,
    meta: { handlesError: true },
    onSuccess: (item) => {
      queryClient.setQueriesData<Paginated<ValidatedItem>>({ queryKey: referenceKeys.formations }, (list) =>
        withItem(list, item),
      );
      void queryClient.invalidateQueries({ queryKey: referenceKeys.formations });
    },
  });
}
