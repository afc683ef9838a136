import type { Paginated, ReferenceItemInput, WorkSector } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { referenceKeys, withItem } from './reference-keys';

/**
 * `POST /work-sectors { name }` → the proposed sector (201, unapproved) or the existing one with
 * the same name (200). Usable at once by the user who proposed it.
 */
export function createWorkSector(input: ReferenceItemInput): Promise<WorkSector> {
  return api.post<WorkSector>('/work-sectors', input);
}

export function useCreateWorkSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkSector,
    meta: { handlesError: true },
    onSuccess: (item) => {
      queryClient.setQueriesData<Paginated<WorkSector>>({ queryKey: referenceKeys.workSectors }, (list) =>
        withItem(list, item),
      );
      void queryClient.invalidateQueries({ queryKey: referenceKeys.workSectors });
    },
  });
}
